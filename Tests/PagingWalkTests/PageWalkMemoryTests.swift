import Paging
import PagingTestSupport
import Testing

@testable import PagingWalk

/// A walk's memory is bounded at any length (rulebook R29): the ids of its last pages, the
/// cursors of its last pages and one checkpoint.
@Suite("PageWalk: bounded memory", .timeLimit(.minutes(minuteLimit)))
struct PageWalkMemoryTests {
  /// Drives a walk's machine, which applies its memory at each commit, over `count` pages of
  /// `size` rows, cursors 1, 2, ...
  private func walkMachine(pages count: Int, size: Int, options: PageWalkOptions) -> (
    items: Int, cursors: Int, maxItems: Int, maxCursors: Int
  ) {
    var machine = PagingStateMachine<Row, Int>(configuration: options.configuration(from: nil))
    var maxItems = 0
    var maxCursors = 0
    var effects = machine.handle(.start)
    for number in 0..<count {
      let load = effects.loads[0]
      let next = number + 1 < count ? number + 1 : nil
      _ = machine.handle(
        .loadCompleted(load.id, page(number * size..<(number + 1) * size, next: next)))
      maxItems = max(maxItems, machine.items.count)
      maxCursors = max(maxCursors, machine.committedCursorCount)
      effects = machine.handle(.loadNextPage)
    }
    return (machine.items.count, machine.committedCursorCount, maxItems, maxCursors)
  }

  @Test func theIdsOfAtMostTwiceTheRememberedPagesAndTheirCursorsPlusACheckpointAreKept() {
    var options = PageWalkOptions()
    options.rememberedPages = 3
    let walked = walkMachine(pages: 1_000, size: 4, options: options)
    // The machine's window is forgotten after each page; the ids are the walk's.
    #expect(walked.maxItems == 0)
    #expect(walked.maxCursors == 3 + 1)
    #expect(walked.cursors == 3 + 1)
    var ids = RecentIDs<Int>(pages: 3)
    var most = 0
    var least = Int.max
    for number in 0..<1_000 {
      ids.admit(rows(number * 4..<number * 4 + 4))
      #expect(ids.dropped.isEmpty)
      let held = ids.ids[0].count + ids.ids[1].count
      most = max(most, held)
      if number >= 3 { least = min(least, held) }
    }
    #expect(most == 6 * 4)
    #expect(least == 3 * 4 + 4)
  }

  @Test func withDuplicatesKeptNoIdAndTheSameCursorsAreKept() {
    var options = PageWalkOptions(removesDuplicates: false)
    options.rememberedPages = 2
    let walked = walkMachine(pages: 500, size: 4, options: options)
    // Measured after each page is handed on: the window is empty again.
    #expect(walked.maxItems == 0)
    #expect(walked.maxCursors == 2 + 1)
  }

  @Test func offsetDriftWithinTheRememberedPagesDropsEveryRepeat() async throws {
    // Each page repeats the last two rows of the one before (rows inserted at the top).
    let source = ReplySource { cursor, _ in
      let number = cursor ?? 0
      let start = max(0, number * 10 - 2)
      return page(start..<number * 10 + 10, next: number < 49 ? number + 1 : nil)
    }
    var options = PageWalkOptions()
    options.rememberedPages = 1
    var ids: [Int] = []
    for try await row in source.pages(options: options).items { ids.append(row.id) }
    #expect(ids == Array(0..<500))
  }

  @Test func anIdRepeatedPastTheRememberedPagesIsReturnedAgain() async throws {
    // Page 5 (cursor 4) repeats row 0, four pages after the one that had it.
    let source = ReplySource { cursor, _ in
      let number = cursor ?? 0
      let items = number == 4 ? rows(0..<1) + rows(8..<10) : rows(number * 2..<number * 2 + 2)
      return Page(items: items, nextCursor: number < 5 ? number + 1 : nil)
    }
    var options = PageWalkOptions()
    options.rememberedPages = 1
    var ids: [Int] = []
    for try await row in source.pages(options: options).items { ids.append(row.id) }
    #expect(ids == [0, 1, 2, 3, 4, 5, 6, 7, 0, 8, 9, 10, 11])
  }

  @Test func aCycleLongerThanTheRememberedPagesEndsAtTheCheckpoint() async throws {
    // nil → 1 → 2 → … → 20 → 1, new ids on every page so that only the cursor guard stops it.
    let source = ReplySource { cursor, count in
      page(count * 2..<count * 2 + 2, next: cursor == 20 ? 1 : (cursor ?? 0) + 1)
    }
    var options = PageWalkOptions(maxPages: 1_000)
    options.rememberedPages = 2
    var pages = 0
    let error = await #expect(throws: PageWalkError<Int>.self) {
      for try await _ in source.pages(options: options) { pages += 1 }
    }
    // The checkpoint is the cursor of page 32 (11); page 51 hands it back.
    #expect(error?.error == .repeatedCursor(11))
    #expect(pages == 51)
    #expect(source.cursors.count == 51)
  }

  @Test func aCycleWithinTheRememberedPagesEndsAtOnce() async throws {
    let source = ReplySource { cursor, count in
      page(count * 2..<count * 2 + 2, next: cursor == 5 ? 4 : (cursor ?? 0) + 1)
    }
    var options = PageWalkOptions(maxPages: 1_000)
    options.rememberedPages = 2
    var pages = 0
    let error = await #expect(throws: PageWalkError<Int>.self) {
      for try await _ in source.pages(options: options) { pages += 1 }
    }
    #expect(error?.error == .repeatedCursor(4))
    #expect(pages == 6)
  }
}
