#[aristo::intent("Docs only.", id = "broken_docs", verify = false)]
pub fn broken( {
