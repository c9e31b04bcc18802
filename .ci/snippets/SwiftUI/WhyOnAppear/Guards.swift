// swift-format-ignore-file
// "Why onAppear is not a page trigger": the usual guards, verbatim, each where it goes.
import SwiftUI

struct GuardedFeedView: View {
  @State private var items: [Item] = []
  @State private var cursor: Item.ID?
  @State private var isLoading = false
  @State private var hasNextPage = true

  var body: some View {
    List(items) { item in
      ItemRow(item)
.onAppear { if item.id == items.last?.id { Task { await loadNextPage() } } }
    }
  }

  func loadNextPage() async {
guard !isLoading else { return }
isLoading = true
defer { isLoading = false }
guard hasNextPage else { return }  // hasNextPage = page.nextCursor != nil
    guard let page = try? await api.items(after: cursor) else { return }
    items += page.items
    cursor = page.nextCursor
    hasNextPage = page.nextCursor != nil
  }
}
