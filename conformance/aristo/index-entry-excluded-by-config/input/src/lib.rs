//! ringbuf: a small crate annotated for aristo.
pub mod alloc;
pub mod ring;
pub mod stats;
