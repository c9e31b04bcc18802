import Paging

/// What a list of effects asks the driver to do, read the way the engine's and the walk's tests
/// check it.
extension Array where Element == PagingEffect<Int> {
  /// The requests these effects start, in order.
  package var loads: [PageRequest<Int>] {
    compactMap { effect in
      if case .startLoad(let request) = effect { return request }
      return nil
    }
  }

  /// The ids these effects cancel, in order.
  package var cancellations: [PageRequestID] {
    compactMap { effect in
      if case .cancelLoad(let id) = effect { return id }
      return nil
    }
  }
}
