//! Statistics over buffer contents.

#[aristo::intent("mean() of a non-empty slice lies between its minimum and maximum.", id = "mean_within_bounds", verify = "neural")]
pub fn mean(xs: &[u64]) -> Option<u64> {
    if xs.is_empty() {
        return None;
    }
    let sum: u64 = xs.iter().sum();
    Some(sum / xs.len() as u64)
}
