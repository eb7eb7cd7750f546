//! What the workspace's tests share (a dev-dependency only; nothing here is bundled):
//!
//! * [`rng`]: a tiny deterministic generator for generated test data;
//! * [`tool`]: the external programs some tests need (GNU parallel, Chromium, python3): found, or the test
//!   is skipped with a note, except under CI (`CI` set), where a missing tool fails the test;
//! * [`browser`]: a headless Chromium driven over its DevTools protocol (tabs, the page's own
//!   JavaScript, keys, clicks, screenshots, console errors), on [`json`] and a minimal WebSocket
//!   client, with no package beyond the standard library and no browser download.

pub mod browser;
pub mod json;
pub mod rng;
pub mod tool;
mod websocket;
