// swift-format-ignore-file
// "Why onAppear is not a page trigger": the code it is about, verbatim.
import SwiftUI

struct FeedView: View {
  @State private var items: [Item] = []
  @State private var cursor: Item.ID?

  var body: some View {
    List(items) { item in
      ItemRow(item)
        .onAppear { Task { await loadNextPage() } }
    }
  }

  func loadNextPage() async {
    guard let page = try? await api.items(after: cursor) else { return }
    items += page.items
    cursor = page.nextCursor
  }
}
