extension ListSimulator {
  /// Lets time pass without touching the screen: frames run, pages land, and rows that land
  /// inside the window fire.
  /// - Parameter duration: How long, in simulated (or real) time.
  /// - Complexity: O(*f* × *w*) for the *f* frames it runs and the *w* rows in the window,
  ///   plus O(*n*) in the feed's *n* rows at each frame where they changed other than at the
  ///   end.
  public func idle(for duration: Duration) async {
    let end = now + duration
    while now < end, !Task.isCancelled {
      layout(frame: await nextFrame())
    }
    await settle()
  }

  /// Scrolls at a steady speed until row `row` is at the top of the viewport (or the list's
  /// end is in view). When the user reaches the end of the loaded rows while more exist,
  /// the scroll waits there for more (counted as stall), up to
  /// the configuration's `patience`.
  /// - Parameters:
  ///   - row: The row to bring to the top, from 0.
  ///   - duration: How long the scroll takes when nothing blocks it (default 1 s).
  /// - Complexity: O(*f* × *w*) for the *f* frames it runs and the *w* rows in the window,
  ///   plus O(*n*) in the feed's *n* rows at each frame where they changed other than at the
  ///   end.
  public func scroll(to row: Int, duration: Duration = .seconds(1)) async {
    let target = Double(max(0, row)) * configuration.rowHeight
    await perform(
      Motion(from: contentOffset, distance: target - contentOffset, curve: .linear(duration)))
  }

  /// Scrolls by `points` at a steady speed: positive towards the end, negative towards the
  /// top. Waits at the end of the loaded rows as ``scroll(to:duration:)`` does.
  /// - Parameters:
  ///   - points: The distance, in points.
  ///   - duration: How long it takes when nothing blocks it.
  /// - Complexity: O(*f* × *w*) for the *f* frames it runs and the *w* rows in the window,
  ///   plus O(*n*) in the feed's *n* rows at each frame where they changed other than at the
  ///   end.
  public func scroll(by points: Double, duration: Duration) async {
    await perform(Motion(from: contentOffset, distance: points, curve: .linear(duration)))
  }

  /// Flicks the list: it travels `velocity` × the configuration's `flingTimeConstant`
  /// (about half a second times the speed), fast at first and slowing down exponentially.
  /// A fling that outruns the loaded rows waits at the end for more (counted as stall), then
  /// goes on.
  /// - Parameter velocity: The initial speed, in points per second: positive towards the
  ///   end. 5,000 pt/s over 80-point rows is about 60 rows a second. Within ±10¹² (a speed
  ///   that is not a number flings nothing).
  /// - Complexity: O(*f* × *w*) for the *f* frames it runs and the *w* rows in the window,
  ///   plus O(*n*) in the feed's *n* rows at each frame where they changed other than at the
  ///   end.
  public func fling(velocity: Double) async {
    // No speed is a fling of none, and a speed past any screen's travels to the end.
    let velocity = velocity.isNaN ? 0 : min(max(velocity, -1e12), 1e12)
    let distance = velocity * configuration.flingTimeConstant.seconds
    await perform(
      Motion(
        from: contentOffset, distance: distance,
        curve: .decay(timeConstant: configuration.flingTimeConstant)))
  }

  /// At the end of the content, the user drags up a little and lets go, `times` times: each
  /// time the last 1 to 3 rows (drawn from `rows`) leave the window and come back, over a
  /// period drawn from `period`.
  /// - Parameters:
  ///   - times: How many drags (default 5).
  ///   - rows: How many rows leave the window each time (default 1 to 3), within 0 to
  ///     1,000,000.
  ///   - period: How long one drag and return take (default 100 to 400 ms), within 0 to an
  ///     hour.
  /// - Complexity: O(*f* × *w*) for the *f* frames it runs and the *w* rows in the window,
  ///   plus O(*n*) in the feed's *n* rows at each frame where they changed other than at the
  ///   end.
  public func jitterAtBottom(
    times: Int = 5, rows: ClosedRange<Int> = 1...3,
    period: ClosedRange<Duration> = .milliseconds(100) ... .milliseconds(400)
  ) async {
    // A range wider than any window is the rows a window can hold.
    let rows = rows.clamped(to: 0...ListSimulatorConfiguration.marginLimit)
    let period =
      ListSimulatorConfiguration.wait(
        period.lowerBound)...ListSimulatorConfiguration.wait(
        max(period.lowerBound, period.upperBound))
    for _ in 0..<max(0, times) {
      let leaving = Int(random.next(upperBound: UInt64(rows.count))) + rows.lowerBound
      let spread = (period.upperBound - period.lowerBound) * random.nextFraction()
      let half = (period.lowerBound + spread) / 2
      let rise = Double(configuration.forwardMargin + max(0, leaving)) * configuration.rowHeight
      let top = maxContentOffset - rise
      await perform(
        Motion(from: contentOffset, distance: top - contentOffset, curve: .linear(half)))
      let bottom = maxContentOffset
      await perform(
        Motion(from: contentOffset, distance: bottom - contentOffset, curve: .linear(half)))
    }
  }

  /// Jumps to row `row` in one frame, as `ScrollViewReader.scrollTo` or a tap on the status
  /// bar does: the old window disappears, the new one appears, the rows between never fire.
  /// - Parameter row: The row to bring to the top, from 0.
  /// - Complexity: O(*f* × *w*) for the *f* frames it runs and the *w* rows in the window,
  ///   plus O(*n*) in the feed's *n* rows at each frame where they changed other than at the
  ///   end.
  public func jump(to row: Int) async {
    isPinnedToBottom = false
    contentOffset = Double(max(0, row)) * configuration.rowHeight
    layout(frame: await nextFrame())
    await settle()
  }

  /// Runs `motion` frame by frame until it ends, the list's top or end stops it, or the user
  /// has waited the configuration's `patience` at the end of the loaded rows.
  func perform(_ motion: Motion) async {
    isPinnedToBottom = false
    await move(motion)
    await settle()
  }

  /// The user reads upward, towards older rows (a chat's history): the list moves up at
  /// `speed` until `rows` rows have passed. At the top of the loaded rows, while the feed says
  /// older rows may exist (`hasPreviousPage` of a paginator), the user waits there (counted as
  /// ``SessionReport/stallTimeAtTop``), up to the configuration's `patience`; rows put
  /// above under the paginator's `scrollAnchor` do not count as read.
  /// - Parameters:
  ///   - rows: How many rows to read, upward.
  ///   - speed: How fast, in points per second (80 is one default row a second).
  /// - Complexity: O(*f* × *w*) for the *f* frames it runs and the *w* rows in the window,
  ///   plus O(*n*) in the feed's *n* rows at each frame where they changed other than at the
  ///   end.
  public func readUpward(rows: Int, speed: Double) async {
    isPinnedToBottom = false
    let distance = Double(max(0, rows)) * configuration.rowHeight
    var travelled = 0.0
    var waited = Duration.zero
    while travelled < distance - 0.001, speed > 0, !Task.isCancelled {
      let frame = await nextFrame()
      let step = min(speed * frame.seconds, distance - travelled)
      let target = max(0, contentOffset - step)
      travelled += contentOffset - target
      contentOffset = target
      layout(frame: frame)
      guard contentOffset < 0.001, travelled < distance - 0.001 else {
        waited = .zero
        continue
      }
      // Held at the top of the loaded rows: reading goes on when older rows land.
      waited += frame
      if !listFeed.hasPreviousPage || waited >= configuration.patience { break }
    }
    await settle()
  }

  private func move(_ motion: Motion) async {
    var moved = Duration.zero
    var waited = Duration.zero
    let shiftAtStart = anchorShift
    while !Task.isCancelled {
      let frame = await nextFrame()
      let desired = motion.offset(after: moved + frame) + (anchorShift - shiftAtStart)
      contentOffset = desired
      layout(frame: frame)
      if motion.distance > 0, contentOffset < desired - 0.001 {
        // Held at the end of the loaded rows: the motion resumes when more rows land.
        waited += frame
        if !listFeed.hasNextPage || waited >= configuration.patience { return }
        continue
      }
      if motion.distance < 0, contentOffset > desired + 0.001 { return }
      moved += frame
      if motion.isFinished(after: moved) { return }
    }
  }
}
