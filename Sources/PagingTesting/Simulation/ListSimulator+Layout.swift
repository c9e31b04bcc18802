extension ListSimulator {
  /// The largest content offset the loaded rows (and the footer) allow, in points.
  var maxContentOffset: Double {
    let footerRows = footerStateShown == nil ? 0 : 1
    let height = Double(listFeed.rowCount + footerRows) * configuration.rowHeight
    return max(0, height - configuration.viewportHeight)
  }

  private var footerStateShown: ListFooterState? {
    configuration.showsFooter ? listFeed.footerState : nil
  }

  /// One layout pass: reads the feed's rows, clamps the offset, fires the callbacks of rows
  /// that entered or left the window, and records the frame.
  /// - Parameter frame: The time since the previous frame.
  func layout(frame: Duration) {
    let offsetBefore = contentOffset
    let change = table.sync(with: listFeed) { [server] in server?.serverRank(of: $0) }
    if case .replaced(let oldCount) = change { recorder.recordListReplaced(rowCount: oldCount) }
    let footerChanged = updateFooter()
    if case .prepended(let count) = change { keepAnchor(prepended: count) }
    if case .droppedAbove(let count) = change { keepAnchor(droppedAbove: count) }
    if isPinnedToBottom { contentOffset = maxContentOffset }
    contentOffset = min(max(0, contentOffset), maxContentOffset)
    if case .prepended(let count) = change {
      // The row at the top of the viewport moved down by `count` rows, and the offset by
      // however much the anchor (or the pin to the bottom) moved it.
      let shift = Double(count) * configuration.rowHeight
      recorder.recordPrepend(movement: shift - (contentOffset - offsetBefore))
    }
    guard isScreenShown else {
      recorder.recordFrame(duration: frame, stalled: false)
      return
    }
    let range = windowIndices()
    let churn = configuration.identityChurn && change != .none
    // Rows appended below an unchanged window (with no footer in it) change nothing in it.
    let appendedBelow =
      change == .appended && range == windowRange && !isFooterKey(window.last)
    if churn || footerChanged || range != windowRange || (change != .none && !appendedBelow) {
      updateWindow(range, churn: churn)
    }
    if configuration.rowSignal == .appearance,
      random.chance(configuration.spuriousRepeatProbability)
    {
      for key in window { fireAppear(key) }
    }
    recordShownRows(frame: frame)
    tapRetryIfDue()
    listFeed.didLayout()
  }

  /// After `count` rows were put above the known ones: when the feed names an anchor that was
  /// among the known rows, moves the content offset with it so that it stays where it was on
  /// screen; without one, the offset stays and the user sees other rows.
  private func keepAnchor(prepended count: Int) {
    guard let anchor = listFeed.scrollAnchor, let position = table.position(of: anchor),
      position >= count
    else { return }
    let shift = Double(count) * configuration.rowHeight
    contentOffset += shift
    anchorShift += shift
  }

  /// After the first `count` rows were dropped (a memory cap) with the rows below unchanged:
  /// when the feed names an anchor among them, moves the content offset up with it so that it
  /// stays where it was on screen, as after a prepend.
  private func keepAnchor(droppedAbove count: Int) {
    guard let anchor = listFeed.scrollAnchor, table.position(of: anchor) != nil else { return }
    let shift = Double(count) * configuration.rowHeight
    contentOffset -= shift
    anchorShift -= shift
  }

  /// Taps Retry once a failed footer has been in the window for the user's reaction time.
  private func tapRetryIfDue() {
    guard let delay = configuration.tapsRetryAfter, let footer, footer.state == .failed,
      window.last == .footer(cycle: footer.cycle)
    else {
      failedFooterShownAt = nil
      return
    }
    let shownAt = failedFooterShownAt ?? now
    failedFooterShownAt = shownAt
    guard now - shownAt >= delay else { return }
    failedFooterShownAt = nil
    listFeed.retry()
  }

  /// Starts a new footer cycle when the footer's state changes; returns whether it did.
  private func updateFooter() -> Bool {
    let state = footerStateShown
    guard state != footer?.state else { return false }
    if let state {
      footerCycles += 1
      footer = (state, footerCycles)
    } else {
      footer = nil
    }
    return true
  }

  /// The rows the container draws: the viewport plus its margins, or every row; with iOS 18's
  /// visible set, the rows of which at least the threshold is in the viewport.
  private func windowIndices() -> Range<Int> {
    let total = table.count + (footer == nil ? 0 : 1)
    let height = configuration.rowHeight
    if let threshold = configuration.rowSignal.visibilityThreshold {
      // Row i counts when its part inside [offset, offset + viewport) is at least threshold
      // × height (a row taller than the viewport counts when the viewport is all of it), and
      // more than nothing: a row that only touches the viewport's edge is not in it.
      let needed = max(1e-6, min(threshold * height, configuration.viewportHeight))
      let bottom = contentOffset + configuration.viewportHeight
      let lower = min(total, max(0, Int(((contentOffset + needed) / height - 1).rounded(.up))))
      let upper = min(total, max(lower, Int(((bottom - needed) / height).rounded(.down)) + 1))
      return lower..<upper
    }
    if configuration.container == .eagerVStack { return 0..<total }
    let top = contentOffset - Double(configuration.backwardMargin) * height
    let bottom =
      contentOffset + configuration.viewportHeight + Double(configuration.forwardMargin) * height
    let lower = min(total, max(0, Int((top / height).rounded(.down))))
    let upper = min(total, max(lower, Int((bottom / height).rounded(.up))))
    return lower..<upper
  }

  private func isFooterKey(_ key: RowKey<Feed.Item.ID>?) -> Bool {
    if case .footer = key { return true }
    return false
  }

  private func key(at index: Int) -> RowKey<Feed.Item.ID> {
    if index < table.count { return table.key(at: index) }
    return .footer(cycle: footer?.cycle ?? 0)
  }

  private func updateWindow(_ range: Range<Int>, churn: Bool) {
    let keys = range.map(key(at:))
    let kept = churn ? [] : Set(keys)
    for key in window where !kept.contains(key) { fireDisappear(key) }
    let previous = churn ? [:] : windowRows
    var rows: [RowKey<Feed.Item.ID>: (index: Int, item: Feed.Item?)] = [:]
    rows.reserveCapacity(keys.count)
    for (index, key) in zip(range, keys) {
      if let known = previous[key] {
        rows[key] = (index, known.item)
        continue
      }
      let item = index < table.count ? listFeed.rowItem(at: index) : nil
      rows[key] = (index, item)
      windowRows[key] = (index, item)
      fireAppear(key)
    }
    window = keys
    windowRows = rows
    windowRange = range
    if configuration.rowSignal != .appearance {
      listFeed.visibleRowsChanged(keys.compactMap { rows[$0]?.item })
    }
  }

  func fireAppear(_ key: RowKey<Feed.Item.ID>) { fire(key, appearing: true) }

  /// Fires `onDisappear`, unless the disappear policy drops it.
  func fireDisappear(_ key: RowKey<Feed.Item.ID>) {
    switch configuration.rowSignal == .appearance ? configuration.disappearPolicy : .paired {
    case .paired: break
    case .never: return
    case .dropped(let probability): if random.chance(probability) { return }
    }
    fire(key, appearing: false)
  }

  /// Records the callback of row `key` and makes it on the listFeed.
  private func fire(_ key: RowKey<Feed.Item.ID>, appearing: Bool) {
    if appearing { recorder.recordAppearance() } else { recorder.recordDisappearance() }
    guard case .item(let id, _) = key else {
      let kind: Event.Kind =
        appearing ? .footerAppeared(footer?.state ?? .loading) : .footerDisappeared
      events.append(Event(time: now, kind: kind))
      if appearing { listFeed.footerAppeared() }
      return
    }
    guard let row = windowRows[key], let item = row.item else { return }
    // With iOS 18's visible set, the rows tell nothing themselves: the set is told whole
    // (`updateWindow`); the events still record which rows entered and left it.
    let told = configuration.rowSignal == .appearance
    if appearing {
      events.append(Event(time: now, kind: .rowAppeared(index: row.index, id: id)))
      if told { listFeed.rowAppeared(item) }
    } else {
      events.append(Event(time: now, kind: .rowDisappeared(index: row.index, id: id)))
      if told { listFeed.rowDisappeared(item) }
    }
  }

  /// Marks the rows inside the viewport as shown, and counts the frame as a stall when the
  /// user sees the last loaded row while more exist.
  private func recordShownRows(frame: Duration) {
    let height = configuration.rowHeight
    let bottom = contentOffset + configuration.viewportHeight
    let lower = max(0, Int((contentOffset / height).rounded(.down)))
    let upper = min(table.count, Int((bottom / height).rounded(.up)))
    if lower < upper {
      recorder.recordFirstRow(after: now - (screenShownAt ?? .zero))
      for index in lower..<upper where table.markShown(index) {
        recorder.recordRowShown(
          isDuplicate: table.isDuplicate[index], isOutOfOrder: table.isOutOfOrder[index])
      }
    }
    let atEnd = table.count > 0 && bottom >= Double(table.count) * height
    recorder.recordFrame(duration: frame, stalled: atEnd && listFeed.hasNextPage)
    if table.count > 0, contentOffset < 0.001, listFeed.hasPreviousPage {
      recorder.recordStallAtTop(duration: frame)
    }
  }
}
