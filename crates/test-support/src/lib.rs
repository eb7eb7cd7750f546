//! What the workspace's tests share (a dev-dependency only; nothing here is bundled):
//!
//! * [`command_line`]: a tool's `--help` and refused command lines, as its user meets them;
//! * [`rng`]: a tiny deterministic generator for generated test data;
//! * [`tool`]: the external programs some tests need (GNU parallel, Chromium, python3): found, or the test
//!   is skipped with a note, except under CI (`CI` set), where a missing tool fails the test;
//! * [`browser`]: a headless Chromium driven over its DevTools protocol (tabs, the page's own
//!   JavaScript, keys, clicks, drags, element geometry, screenshots, console errors), its messages
//!   JSON through `serde_json`, on a minimal WebSocket client, with no browser download.

pub mod browser;
pub mod command_line;
pub mod rng;
pub mod tool;
mod websocket;
