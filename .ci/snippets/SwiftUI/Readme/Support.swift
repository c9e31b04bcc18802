// swift-format-ignore-file
import Paging
import SwiftUI

// What README's SwiftUI snippets assume: the app's own networking (`API`) and chat types.
// .ci/typecheck-apple-glue.sh type-checks each snippet file with this one against the stubs.

enum API {
  struct MessagePage { var messages: [Message]; var hasOlder: Bool; var hasNewer: Bool }
  static func messages(at cursor: MessageCursor, limit: Int) async throws -> MessagePage {
    MessagePage(messages: [], hasOlder: false, hasNewer: false)
  }
}

struct Message: Identifiable, Sendable { let id: Int; let text: String }

enum MessageCursor: Hashable, Sendable { case newest, before(Int), after(Int) }

struct MessageRow: View {
  let message: Message
  init(_ message: Message) { self.message = message }
  var body: some View { Text(message.text) }
}
