import Foundation

/// A local change to the loaded items that the app makes before the server knows of it: a
/// like, a deletion, the post the user just wrote. Input of ``Paginator/edit(_:)``:
///
/// ```swift
/// try feed.edit(.remove(post.id))
/// ```
///
/// An edit is applied to the window at once and recorded in the generation it was made in;
/// every later commit of that generation gets it again, so that a page already in flight can
/// never undo it (rulebook, fault class 22). When a refresh commits, the edits made after that
/// refresh began are applied to its result and older ones are dropped: the server's answer
/// wins. A jump to a far placeholder keeps them all: it shows another part of the same list
/// (rulebook R23).
public enum PagingEdit<Item: Identifiable & Sendable>: Sendable where Item.ID: Sendable {
  /// Replace the loaded item with the same id by this value.
  case update(Item)
  /// Put a new item at a position.
  case insert(Item, at: EditPosition<Item.ID>)
  /// Take the item with this id out, and keep any later page of the generation from bringing
  /// it back.
  case remove(Item.ID)
  /// Move the item with this id to a position. Like an inserted item, it then leaves the
  /// window only with the item it was moved against, and comes back beside it (rulebook R23).
  case move(Item.ID, to: EditPosition<Item.ID>)

  /// The id of the item the edit is about.
  package var id: Item.ID {
    switch self {
    case .update(let item), .insert(let item, _): item.id
    case .remove(let id), .move(let id, _): id
    }
  }
}

/// Where ``PagingEdit/insert(_:at:)`` and ``PagingEdit/move(_:to:)`` put an item, among the
/// loaded items (shown or hidden by a display filter).
public enum EditPosition<ID: Hashable & Sendable>: Hashable, Sendable {
  /// Before the first loaded item.
  case start
  /// After the last loaded item (pages appended later go after it).
  case end
  /// Right after the loaded item with this id.
  case after(ID)
  /// Right before the loaded item with this id.
  case before(ID)

  /// The id the position is relative to, if any.
  var anchor: ID? {
    switch self {
    case .start, .end: nil
    case .after(let id), .before(let id): id
    }
  }
}

/// Why an edit was refused. Nothing changes when an edit is refused.
public enum PagingEditError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The item the edit names (or the item it positions against) is not loaded.
  case itemNotLoaded
  /// An insert names an id that is already loaded: ids are unique in the window.
  case duplicateID
  /// An update changed the item's id; update keeps the id (remove, then insert, to change it).
  case idChanged
  /// A move positions an item relative to itself.
  case movedRelativeToItself

  /// A sentence for logs and simple UIs (it names no id: ids may be private).
  public var description: String {
    switch self {
    case .itemNotLoaded: "the item to edit, or the item to place it against, is not loaded"
    case .duplicateID: "an item with the same id is already loaded"
    case .idChanged: "an update may not change the item's id"
    case .movedRelativeToItself: "an item cannot be moved next to itself"
    }
  }
}

extension PagingEditError: LocalizedError {
  /// The one-line ``description``, so that `localizedDescription` and logging say what
  /// happened rather than Foundation's generic "The operation could not be completed".
  public var errorDescription: String? { description }
}
