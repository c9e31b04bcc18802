extension Duration {
  /// The duration in seconds, as a `Double` (for reports, timers of other APIs and models that
  /// draw latencies as real numbers).
  package var seconds: Double {
    let (seconds, attoseconds) = components
    return Double(seconds) + Double(attoseconds) * 1e-18
  }
}
