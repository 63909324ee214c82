//! A fixed-capacity ring buffer.
use crate::alloc::alloc;

/// The element type.
#[aristo::intent("Elements are u64 so that sums stay exact.", id = "elem_docs", verify = false)]
pub type Elem = u64;

/// A ring buffer that overwrites its oldest element when full.
#[aristo::intent("A RingBuffer never holds more elements than its capacity.", id = "ring_bounded", verify = "neural")]
pub struct RingBuffer {
    buf: Vec<Elem>,
    head: usize,
    len: usize,
}

impl RingBuffer {
    #[aristo::intent("new() returns an empty buffer whose capacity is the requested one.", id = "new_is_empty", verify = "neural")]
    pub fn new(cap: usize) -> Self {
        RingBuffer { buf: alloc(cap), head: 0, len: 0 }
    }

    #[aristo::intent("len() is always at most the capacity.", id = "len_bounded", verify = "neural")]
    pub fn len(&self) -> usize {
        self.len
    }

    #[aristo::intent("push() on a full buffer overwrites the oldest element and keeps len at the capacity.", id = "push_overwrites_oldest", verify = "neural")]
    pub fn push(&mut self, x: Elem) {
        let cap = self.buf.len();
        let tail = (self.head + self.len) % cap;
        self.buf[tail] = x;
        if self.len < cap {
            self.len += 1;
        } else {
            self.head = (self.head + 1) % cap;
        }
    }

    #[aristo::intent("pop() on an empty buffer returns None and never panics.", id = "pop_empty_is_none", verify = "neural")]
    pub fn pop(&mut self) -> Option<Elem> {
        if self.len == 0 {
            return None;
        }
        let x = self.buf[self.head];
        self.head = (self.head + 1) % self.buf.len();
        aristo::intent_stmt!("head stays below the capacity after it advances.", id = "head_in_range", verify = "test");
        self.len -= 1;
        Some(x)
    }
}
