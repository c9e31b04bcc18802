// Arithmetic on the counts a configuration gives, which may be as large as `Int.max`: public
// API never traps, so a sum or product past the largest `Int` stands for "more than any
// window holds", not an overflow.

extension Int {
  /// `self + other`, or `Int.max` / `Int.min` where the sum does not fit.
  @inlinable package func saturatingAdding(_ other: Int) -> Int {
    let (sum, overflow) = addingReportingOverflow(other)
    guard overflow else { return sum }
    return other > 0 ? .max : .min
  }

  /// Whether the counts add up to an `Int` without overflowing: the length of a list made of
  /// them (rows before, loaded, after) is one every position in it can be computed from.
  /// - Parameter counts: Non-negative counts.
  /// - Complexity: O(*n*) for *n* counts.
  package static func sumFits(_ counts: some Sequence<Int>) -> Bool {
    var length = 0
    for count in counts {
      let (sum, overflow) = length.addingReportingOverflow(count)
      if overflow { return false }
      length = sum
    }
    return true
  }

  /// `self * other`, or `Int.max` / `Int.min` where the product does not fit.
  @inlinable package func saturatingMultiplying(by other: Int) -> Int {
    let (product, overflow) = multipliedReportingOverflow(by: other)
    guard overflow else { return product }
    return (self < 0) == (other < 0) ? .max : .min
  }
}

extension Int {
  /// `value` rounded towards zero, `Int.max` / `Int.min` beyond them, and 0 for NaN: a count
  /// computed in floating point (rows per second times a duration) that no `Int` holds means
  /// "more than any window holds".
  @inlinable package init(saturating value: Double) {
    if value.isNaN {
      self = 0
    } else if value >= 0x1p63 {
      self = .max
    } else if value <= -0x1p63 {
      self = .min
    } else {
      self = Int(value)
    }
  }
}

extension Duration {
  /// The longest duration a `Duration` holds whole seconds of: what a product past it stands
  /// for.
  package static var longest: Duration { .seconds(Int64.max) }

  /// `self × factor`, within `-longest ... longest`; a NaN factor gives `.zero`. A delay made of
  /// a configuration's factor and a measured duration never traps, however large the factor.
  /// - Parameter factor: Any `Double`, infinity included.
  /// - Returns: The product, saturated.
  package func saturatingMultiplied(by factor: Double) -> Duration {
    let product = seconds * factor
    if product.isNaN { return .zero }
    // 2^62 s: well inside what the conversion below represents exactly enough.
    if product >= 0x1p62 { return .longest }
    if product <= -0x1p62 { return .zero - .longest }
    return self * factor
  }
}

extension Duration {
  /// The longest wait handed to a clock: 2^32 s, about 136 years, which no process outlives.
  /// `ContinuousClock` traps on a deadline past what its instant holds, so a longer wait (a
  /// hedge or retry delay of `Int64.max` seconds, a deadline that far away) waits this long
  /// instead: the same "never" without the trap.
  package static var longestWait: Duration { .seconds(Int64(1) << 32) }

  /// This duration as a wait for a clock's `sleep(for:)`: within `0 ... longestWait`.
  package var asWait: Duration { Swift.min(Swift.max(.zero, self), .longestWait) }
}
