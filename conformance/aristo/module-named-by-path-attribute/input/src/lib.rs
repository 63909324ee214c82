//! ringbuf: a small crate annotated for aristo.
pub mod alloc;
#[path = "ring.txt"]
pub mod ring;
pub mod stats;
