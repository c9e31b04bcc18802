#if canImport(SwiftUI)
  import SwiftUI

  /// The row ``PaginatedList`` shows for a placeholder when the app gives none: a line of
  /// text, redacted, so the list has its full length and the row its height while the row
  /// loads (rulebook R31 of Paging).
  @MainActor
  public struct PagingPlaceholderRow: View {
    private let position: Int

    /// Creates the placeholder of the row at `position`.
    /// - Parameter position: The row's position in the source's list, from 0.
    public init(position: Int) {
      self.position = position
    }

    /// The redacted line.
    public var body: some View {
      Text("Row \(position + 1) is loading").redacted(reason: .placeholder)
    }
  }
#endif
