//! A headless Chromium for the page tests, driven over its DevTools protocol (a WebSocket on
//! 127.0.0.1): tabs that open a page, run the page's own JavaScript, press keys, click at a point,
//! take a PNG screenshot, and report the console's errors. The installed Chromium is used (Debian's
//! `chromium`); nothing is downloaded.
//!
//! One browser serves every test of a test binary ([`Browser::shared`]): Chromium starts in seconds
//! on a small machine. It runs under a tiny `sh` watcher that stops it (and removes its temporary
//! profile) when the test binary exits and its end of the watcher's stdin closes.

use crate::websocket::WebSocket;
use serde_json::{json, Value};
use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::{mpsc, Mutex, OnceLock};
use std::time::{Duration, Instant};

/// A running Chromium and the one connection to it.
pub struct Browser {
    connection: Mutex<Connection>,
    _watcher: Mutex<Child>,
}

struct Connection {
    socket: WebSocket,
    next_id: u64,
    /// Events received while waiting for answers (console messages, exceptions), in order.
    events: Vec<Value>,
}

/// The watcher: starts Chromium in the background with a fresh profile, waits for its own stdin to
/// close, then stops it.
const WATCHER: &str = r#"profile=$(mktemp -d)
"$0" --headless --no-sandbox --disable-gpu --no-first-run --disable-background-networking \
    --disable-component-update --disable-sync --disable-extensions --mute-audio --hide-scrollbars \
    --remote-debugging-port=0 --user-data-dir="$profile" about:blank </dev/null &
browser=$!
read _
kill "$browser" 2>/dev/null
wait "$browser"
rm -rf "$profile""#;

impl Browser {
    /// Starts `program` (a Chromium) and connects to it.
    ///
    /// # Errors
    /// Chromium did not start or did not open its DevTools endpoint within 60 s.
    pub fn launch(program: &Path) -> Result<Browser, String> {
        let mut watcher = Command::new("sh")
            .arg("-c")
            .arg(WATCHER)
            .arg(program)
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|e| format!("cannot start {}: {e}", program.display()))?;
        let stderr = watcher.stderr.take().expect("piped");
        let (sender, receiver) = mpsc::channel();
        std::thread::spawn(move || {
            // Read Chromium's stderr to its end, so that it never blocks on a full pipe.
            for line in BufReader::new(stderr).lines().map_while(Result::ok) {
                if let Some(at) = line.find("ws://") {
                    let _ = sender.send(line[at..].trim().to_string());
                }
            }
        });
        let url = receiver
            .recv_timeout(Duration::from_secs(60))
            .map_err(|_| format!("{} did not open its DevTools endpoint in 60 s", program.display()))?;
        let socket = WebSocket::connect(&url)?;
        Ok(Browser {
            connection: Mutex::new(Connection { socket, next_id: 0, events: Vec::new() }),
            _watcher: Mutex::new(watcher),
        })
    }

    /// The test binary's one browser, started at the first call; `None` (with a note) where
    /// Chromium is not installed, unless under CI (see [`crate::tool::chromium`]).
    ///
    /// # Panics
    /// Chromium is installed but does not start.
    pub fn shared() -> Option<&'static Browser> {
        static SHARED: OnceLock<Option<Browser>> = OnceLock::new();
        SHARED
            .get_or_init(|| {
                let program = crate::tool::chromium()?;
                Some(Browser::launch(&program).unwrap_or_else(|e| panic!("{e}")))
            })
            .as_ref()
    }

    /// Sends `method` with `params` (a JSON object) to the browser or to a tab's `session`, and
    /// waits for its result.
    fn call(&self, session: Option<&str>, method: &str, params: Value) -> Result<Value, String> {
        let mut connection = self.connection.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        connection.next_id += 1;
        let id = connection.next_id;
        let mut message = json!({ "id": id, "method": method, "params": params });
        if let Some(session) = session {
            message["sessionId"] = json!(session);
        }
        connection.socket.send(&message.to_string())?;
        loop {
            let text = connection.socket.receive()?;
            let message: Value = serde_json::from_str(&text)
                .map_err(|e| format!("the browser sent bad JSON ({e}): {text}"))?;
            if message.get("id").and_then(Value::as_u64) == Some(id) {
                if let Some(error) = message.get("error") {
                    return Err(format!("{method}: {error}"));
                }
                return Ok(message.get("result").cloned().unwrap_or(Value::Null));
            }
            if message.get("method").is_some() {
                connection.events.push(message);
            }
        }
    }

    /// A new tab of `width` x `height` CSS pixels, with its console watched.
    ///
    /// # Errors
    /// The browser refused.
    pub fn tab(&self, width: u32, height: u32) -> Result<Tab<'_>, String> {
        let created = self.call(None, "Target.createTarget", json!({ "url": "about:blank" }))?;
        let target = created.get("targetId").and_then(Value::as_str).ok_or("no targetId")?.to_string();
        let attached =
            self.call(None, "Target.attachToTarget", json!({ "targetId": target, "flatten": true }))?;
        let session = attached.get("sessionId").and_then(Value::as_str).ok_or("no sessionId")?.to_string();
        let tab = Tab { browser: self, session, target };
        for domain in ["Page", "Runtime", "Log"] {
            tab.call(&format!("{domain}.enable"), json!({}))?;
        }
        tab.call(
            "Emulation.setDeviceMetricsOverride",
            json!({ "width": width, "height": height, "deviceScaleFactor": 1, "mobile": false }),
        )?;
        Ok(tab)
    }
}

/// One tab of the browser.
pub struct Tab<'a> {
    browser: &'a Browser,
    session: String,
    target: String,
}

impl Tab<'_> {
    fn call(&self, method: &str, params: Value) -> Result<Value, String> {
        self.browser.call(Some(&self.session), method, params)
    }

    /// Opens `url` and waits until the page has loaded (the address, fragment included, is `url`).
    ///
    /// # Errors
    /// The browser refused, or the page did not load within 30 s.
    pub fn goto(&self, url: &str) -> Result<(), String> {
        self.call("Page.navigate", json!({ "url": url }))?;
        let loaded = format!("location.href === {} && document.readyState === 'complete'", json!(url));
        self.wait_for(&loaded, Duration::from_secs(30)).map(|_| ())
    }

    /// The value of a JavaScript expression in the page (promises awaited).
    ///
    /// # Errors
    /// The expression threw (its message), or the browser refused.
    pub fn eval(&self, expression: &str) -> Result<Value, String> {
        let params = json!({ "expression": expression, "returnByValue": true, "awaitPromise": true });
        let result = self.call("Runtime.evaluate", params)?;
        if let Some(details) = result.get("exceptionDetails") {
            let text =
                details.pointer("/exception/description").and_then(Value::as_str).unwrap_or("an exception");
            return Err(format!("{expression}: {text}"));
        }
        Ok(result.pointer("/result/value").cloned().unwrap_or(Value::Null))
    }

    /// A string-valued expression's value.
    ///
    /// # Errors
    /// As [`Tab::eval`], or the value is not a string.
    pub fn text(&self, expression: &str) -> Result<String, String> {
        match self.eval(expression)? {
            Value::String(text) => Ok(text),
            other => Err(format!("{expression}: not a string but {other:?}")),
        }
    }

    /// Waits until `expression` is truthy; returns its value.
    ///
    /// # Errors
    /// Not within `timeout`.
    pub fn wait_for(&self, expression: &str, timeout: Duration) -> Result<Value, String> {
        let deadline = Instant::now() + timeout;
        loop {
            let value = self.eval(expression)?;
            if !matches!(value, Value::Null | Value::Bool(false)) {
                return Ok(value);
            }
            if Instant::now() > deadline {
                return Err(format!("still false after {timeout:?}: {expression}"));
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// Presses and releases a key: `ArrowLeft`, `ArrowRight`, `ArrowUp`, `ArrowDown`, `Home`, `End`,
    /// `Escape`.
    ///
    /// # Errors
    /// An unknown key, or the browser refused.
    pub fn key(&self, key: &str) -> Result<(), String> {
        let code = match key {
            "Escape" => 27,
            "End" => 35,
            "Home" => 36,
            "ArrowLeft" => 37,
            "ArrowUp" => 38,
            "ArrowRight" => 39,
            "ArrowDown" => 40,
            _ => return Err(format!("no key code for {key:?}")),
        };
        for kind in ["rawKeyDown", "keyUp"] {
            self.call(
                "Input.dispatchKeyEvent",
                json!({
                    "type": kind,
                    "key": key,
                    "code": key,
                    "windowsVirtualKeyCode": code,
                    "nativeVirtualKeyCode": code,
                }),
            )?;
        }
        Ok(())
    }

    /// Clicks the left button at (`x`, `y`) in CSS pixels of the viewport.
    ///
    /// # Errors
    /// The browser refused.
    pub fn click(&self, x: f64, y: f64) -> Result<(), String> {
        self.mouse("mouseMoved", (x, y), 0)?;
        self.mouse("mousePressed", (x, y), 1)?;
        self.mouse("mouseReleased", (x, y), 0)
    }

    /// Drags with the left button held from (`x0`, `y0`) to (`x1`, `y1`) in `steps` moves (a
    /// slider's thumb, a selection).
    ///
    /// # Errors
    /// The browser refused.
    pub fn drag(&self, (x0, y0): (f64, f64), (x1, y1): (f64, f64), steps: u32) -> Result<(), String> {
        self.mouse("mouseMoved", (x0, y0), 0)?;
        self.mouse("mousePressed", (x0, y0), 1)?;
        let steps = steps.max(1);
        for k in 1..=steps {
            let t = f64::from(k) / f64::from(steps);
            self.mouse("mouseMoved", (x0 + (x1 - x0) * t, y0 + (y1 - y0) * t), 1)?;
        }
        self.mouse("mouseReleased", (x1, y1), 0)
    }

    /// The centre of the first element `selector` matches, in CSS pixels of the viewport (its
    /// `getBoundingClientRect`).
    ///
    /// # Errors
    /// No such element, or the browser refused.
    pub fn centre(&self, selector: &str) -> Result<(f64, f64), String> {
        let rect = self.rect(selector)?;
        Ok((rect[0] + rect[2] / 2.0, rect[1] + rect[3] / 2.0))
    }

    /// `[x, y, width, height]` of the first element `selector` matches (its
    /// `getBoundingClientRect`, CSS pixels of the viewport).
    ///
    /// # Errors
    /// No such element, or the browser refused.
    pub fn rect(&self, selector: &str) -> Result<[f64; 4], String> {
        let expression = format!(
            "(e => e && (r => [r.x, r.y, r.width, r.height])(e.getBoundingClientRect()))(document.querySelector({}))",
            json!(selector)
        );
        let value = self.eval(&expression)?;
        let numbers: Vec<f64> = value.as_array().into_iter().flatten().filter_map(Value::as_f64).collect();
        numbers.try_into().map_err(|_| format!("no element {selector:?}"))
    }

    /// One mouse event at `(x, y)`, with `buttons` (1: the left one) held.
    fn mouse(&self, kind: &str, (x, y): (f64, f64), buttons: u8) -> Result<(), String> {
        let button = if buttons == 0 && kind == "mouseMoved" { "none" } else { "left" };
        let params =
            json!({ "type": kind, "x": x, "y": y, "button": button, "buttons": buttons, "clickCount": 1 });
        self.call("Input.dispatchMouseEvent", params).map(|_| ())
    }

    /// A PNG of the viewport.
    ///
    /// # Errors
    /// The browser refused.
    pub fn screenshot(&self) -> Result<Vec<u8>, String> {
        let shot = self.call("Page.captureScreenshot", json!({ "format": "png" }))?;
        decode_base64(shot.get("data").and_then(Value::as_str).ok_or("no screenshot data")?)
    }

    /// The errors the page's console and scripts reported so far (uncaught exceptions,
    /// `console.error`, and the browser's own error entries such as a resource that failed).
    pub fn errors(&self) -> Vec<String> {
        // A round trip first, so that every event sent before it has been read.
        let _ = self.eval("0");
        let connection = self.browser.connection.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        let mine = |event: &&Value| event.get("sessionId").and_then(Value::as_str) == Some(&self.session);
        connection
            .events
            .iter()
            .filter(mine)
            .filter_map(|event| {
                let method = event.get("method").and_then(Value::as_str)?;
                let params = event.get("params")?;
                match method {
                    "Runtime.exceptionThrown" => Some(params.get("exceptionDetails")?.to_string()),
                    "Runtime.consoleAPICalled" if params.get("type")?.as_str()? == "error" => {
                        Some(format!("console.error: {}", params.get("args")?))
                    }
                    "Log.entryAdded" if params.pointer("/entry/level")?.as_str()? == "error" => {
                        Some(format!("log: {}", params.pointer("/entry/text")?.as_str()?))
                    }
                    _ => None,
                }
            })
            .collect()
    }
}

impl Drop for Tab<'_> {
    fn drop(&mut self) {
        let _ = self.browser.call(None, "Target.closeTarget", json!({ "targetId": self.target }));
    }
}

/// Standard base64 (with padding) to bytes.
///
/// # Errors
/// A character outside the alphabet.
pub fn decode_base64(text: &str) -> Result<Vec<u8>, String> {
    let value = |c: u8| -> Result<u32, String> {
        Ok(match c {
            b'A'..=b'Z' => c - b'A',
            b'a'..=b'z' => c - b'a' + 26,
            b'0'..=b'9' => c - b'0' + 52,
            b'+' => 62,
            b'/' => 63,
            _ => return Err(format!("not base64: {:?}", c as char)),
        }
        .into())
    };
    let bytes: Vec<u8> = text.bytes().filter(|&c| c != b'=' && !c.is_ascii_whitespace()).collect();
    let mut out = Vec::with_capacity(bytes.len() * 3 / 4);
    for chunk in bytes.chunks(4) {
        let mut bits = 0u32;
        for (i, &c) in chunk.iter().enumerate() {
            bits |= value(c)? << (18 - 6 * i);
        }
        out.extend_from_slice(&bits.to_be_bytes()[1..chunk.len()]);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base64_decodes() {
        assert_eq!(decode_base64("TWFu").unwrap(), b"Man");
        assert_eq!(decode_base64("TWE=").unwrap(), b"Ma");
        assert_eq!(decode_base64("TQ==").unwrap(), b"M");
        assert_eq!(decode_base64("iVBORw0KGgo=").unwrap(), b"\x89PNG\r\n\x1a\n");
        assert!(decode_base64("a$==").is_err());
    }

    /// The driver against the real browser: a page's script, a key, a click, an error, a picture.
    #[test]
    fn a_tab_runs_scripts_takes_keys_and_clicks_and_reports_errors() {
        let Some(browser) = Browser::shared() else { return };
        let dir = std::env::temp_dir().join(format!("test-support-browser-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let page = dir.join("page.html");
        std::fs::write(
            &page,
            "<!DOCTYPE html><body style='margin:0'><div id=box style='width:200px;height:100px;background:#c33'></div>\
             <script>let keys=[];document.addEventListener('keydown',e=>keys.push(e.key));\
             document.getElementById('box').onclick=e=>{document.title='clicked '+e.clientX+','+e.clientY};\
             console.error('on purpose');</script></body>",
        )
        .unwrap();
        let tab = browser.tab(400, 300).unwrap();
        let url = format!("file://{}", page.display());
        tab.goto(&url).unwrap();
        assert_eq!(tab.eval("1 + 2").unwrap(), json!(3));
        assert_eq!(
            tab.eval("({ a: [1, 'x\"<'], b: null })").unwrap(),
            json!({ "a": [1, "x\"<"], "b": null })
        );
        assert_eq!(tab.rect("#box").unwrap(), [0.0, 0.0, 200.0, 100.0]);
        assert!(tab.rect("#none").unwrap_err().contains("no element"));
        tab.key("ArrowRight").unwrap();
        tab.key("Home").unwrap();
        assert_eq!(tab.text("keys.join(' ')").unwrap(), "ArrowRight Home");
        tab.click(50.0, 40.0).unwrap();
        assert_eq!(tab.text("document.title").unwrap(), "clicked 50,40");
        let errors = tab.errors();
        assert!(errors.len() == 1 && errors[0].contains("on purpose"), "{errors:?}");
        assert!(tab.eval("nosuchname").unwrap_err().contains("ReferenceError"));
        let png = tab.screenshot().unwrap();
        assert!(png.starts_with(b"\x89PNG\r\n\x1a\n") && png.len() > 500, "{} bytes", png.len());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
