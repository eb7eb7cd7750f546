//! Test-and-bench host package; see README.md.
