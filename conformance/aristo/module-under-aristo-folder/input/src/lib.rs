//! ringbuf: a small crate annotated for aristo.
pub mod alloc;
#[path = "../.aristo/ring.rs"]
pub mod ring;
pub mod stats;
