//! A minimal WebSocket client (RFC 6455) for the DevTools protocol on 127.0.0.1: the opening
//! handshake, masked text frames out, text messages in (fragments joined, pings answered).

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::time::Duration;

pub struct WebSocket {
    reader: BufReader<TcpStream>,
    writer: TcpStream,
    mask: u32,
}

impl WebSocket {
    /// Connects to `url` (`ws://host:port/path`).
    ///
    /// # Errors
    /// The connection or the handshake failed.
    pub fn connect(url: &str) -> Result<WebSocket, String> {
        let rest = url.strip_prefix("ws://").ok_or_else(|| format!("not a ws:// address: {url}"))?;
        let (host, path) = rest.split_once('/').unwrap_or((rest, ""));
        let stream = TcpStream::connect(host).map_err(|e| format!("cannot connect to {host}: {e}"))?;
        stream.set_read_timeout(Some(Duration::from_secs(60))).map_err(|e| e.to_string())?;
        let mut writer = stream.try_clone().map_err(|e| e.to_string())?;
        write!(
            writer,
            "GET /{path} HTTP/1.1\r\nHost: {host}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\
             Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
        )
        .map_err(|e| format!("handshake: {e}"))?;
        let mut reader = BufReader::new(stream);
        let mut status = String::new();
        reader.read_line(&mut status).map_err(|e| format!("handshake: {e}"))?;
        if !status.contains(" 101 ") {
            return Err(format!("handshake refused: {}", status.trim()));
        }
        loop {
            let mut line = String::new();
            reader.read_line(&mut line).map_err(|e| format!("handshake: {e}"))?;
            if line.trim().is_empty() {
                break;
            }
        }
        Ok(WebSocket { reader, writer, mask: 0x3712_9a4d })
    }

    fn frame(&mut self, opcode: u8, payload: &[u8]) -> Result<(), String> {
        let mut frame = vec![0x80 | opcode];
        match payload.len() {
            n if n < 126 => frame.push(0x80 | n as u8),
            n if n < 65_536 => {
                frame.push(0x80 | 126);
                frame.extend_from_slice(&(n as u16).to_be_bytes());
            }
            n => {
                frame.push(0x80 | 127);
                frame.extend_from_slice(&(n as u64).to_be_bytes());
            }
        }
        self.mask = self.mask.rotate_left(7).wrapping_mul(0x9E37_79B9).wrapping_add(1);
        let mask = self.mask.to_be_bytes();
        frame.extend_from_slice(&mask);
        frame.extend(payload.iter().enumerate().map(|(i, byte)| byte ^ mask[i % 4]));
        self.writer.write_all(&frame).map_err(|e| format!("cannot send to the browser: {e}"))
    }

    /// Sends one text message.
    ///
    /// # Errors
    /// The connection is gone.
    pub fn send(&mut self, text: &str) -> Result<(), String> {
        self.frame(0x1, text.as_bytes())
    }

    /// The next text message (waits up to a minute).
    ///
    /// # Errors
    /// The connection closed, timed out or sent something that is not WebSocket.
    pub fn receive(&mut self) -> Result<String, String> {
        let mut message = Vec::new();
        loop {
            let mut head = [0; 2];
            self.read(&mut head)?;
            let (fin, opcode) = (head[0] & 0x80 != 0, head[0] & 0x0F);
            let length = match head[1] & 0x7F {
                126 => {
                    let mut bytes = [0; 2];
                    self.read(&mut bytes)?;
                    u64::from(u16::from_be_bytes(bytes))
                }
                127 => {
                    let mut bytes = [0; 8];
                    self.read(&mut bytes)?;
                    u64::from_be_bytes(bytes)
                }
                n => u64::from(n),
            };
            let mut mask = [0; 4];
            if head[1] & 0x80 != 0 {
                self.read(&mut mask)?;
            }
            let mut payload = vec![0; usize::try_from(length).map_err(|_| "frame too long")?];
            self.read(&mut payload)?;
            if head[1] & 0x80 != 0 {
                payload.iter_mut().enumerate().for_each(|(i, byte)| *byte ^= mask[i % 4]);
            }
            match opcode {
                0x0..=0x2 => {
                    message.extend_from_slice(&payload);
                    if fin {
                        return String::from_utf8(message)
                            .map_err(|_| "a message that is not UTF-8".to_string());
                    }
                }
                0x8 => return Err("the browser closed the connection".to_string()),
                0x9 => self.frame(0xA, &payload)?,
                _ => {}
            }
        }
    }

    fn read(&mut self, buffer: &mut [u8]) -> Result<(), String> {
        self.reader.read_exact(buffer).map_err(|e| format!("cannot read from the browser: {e}"))
    }
}
