//! Statistics over buffer contents.

pub fn mean(xs: &[u64]) -> Option<u64> {
    if xs.is_empty() {
        return None;
    }
    let sum: u64 = xs.iter().sum();
    Some(sum / xs.len() as u64)
}
