// swift-format-ignore-file
// What the article's code assumes: an item, its row and the app's networking.
import SwiftUI

struct Item: Identifiable, Sendable { let id: Int; let title: String }

struct ItemRow: View {
  let item: Item
  init(_ item: Item) { self.item = item }
  var body: some View { Text(item.title) }
}

struct ItemPage: Sendable { var items: [Item]; var nextCursor: Int? }

/// The app's networking code.
struct ItemsAPI: Sendable {
  func items(after cursor: Int?) async throws -> ItemPage { ItemPage(items: [], nextCursor: nil) }
}

let api = ItemsAPI()
