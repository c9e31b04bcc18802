// TEMPORARY until the page-structured store lands: prepend by rebuilding (O(n)).
public typealias ItemSnapshot<Item: Identifiable> = ItemStore<Item>

extension ItemStore {
  @usableFromInline var items: ItemStore { self }
  @usableFromInline var isEmptyStore: Bool { storage.isEmpty }

  @discardableResult
  mutating func prepend<S: Sequence>(contentsOf items: S, policy: DuplicatePolicy)
    -> InsertionResult
  where S.Element == Item {
    var fresh = ItemStore()
    var result = InsertionResult()
    for item in items {
      if let existing = position(of: item.id) {
        if policy == .replace {
          storage[existing] = item
          result.replaced += 1
        } else {
          result.dropped += 1
        }
      } else {
        let r = fresh.append(contentsOf: [item], policy: policy)
        result.inserted += r.inserted
        result.dropped += r.dropped
        result.replaced += r.replaced
      }
    }
    fresh.append(contentsOf: storage, policy: .keepFirst)
    self = fresh
    return result
  }
}
