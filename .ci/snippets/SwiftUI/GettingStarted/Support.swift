// swift-format-ignore-file
// What the snippets of "Getting started in SwiftUI" assume: the app's networking (`API`) and
// its chat row.
import SwiftUI

enum API {
  struct MessagePage { var messages: [Message]; var hasOlder: Bool; var hasNewer: Bool }
  static func posts(after cursor: Int?, limit: Int) async throws -> [Post] { [] }
  static func messages(at cursor: MessageCursor, limit: Int) async throws -> MessagePage {
    MessagePage(messages: [], hasOlder: false, hasNewer: false)
  }
}

struct Message: Identifiable, Sendable { let id: Int; let text: String }

struct MessageRow: View {
  let message: Message
  init(_ message: Message) { self.message = message }
  var body: some View { Text(message.text) }
}
