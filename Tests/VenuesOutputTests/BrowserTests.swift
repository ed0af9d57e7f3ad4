import Testing

/// The browser tests, one at a time: each starts a Chromium, and the machine has two cores
/// shared with the rest of the suite.
@Suite(.serialized) enum BrowserTests {}
