// swift-format-ignore-file
// A stand-in for the parts of UIKit that PagingDisplayForwarder uses (signatures from Apple's
// documentation), so that .ci/typecheck-apple-glue.sh can type-check it on Linux.
import Foundation
@MainActor open class UIView: NSObject {}
@MainActor open class UICollectionView: UIView {}
@MainActor open class UITableView: UIView {}
@MainActor public protocol UICollectionViewDataSourcePrefetching: NSObjectProtocol {
  func collectionView(_ collectionView: UICollectionView, prefetchItemsAt indexPaths: [IndexPath])
}
@MainActor public protocol UITableViewDataSourcePrefetching: NSObjectProtocol {
  func tableView(_ tableView: UITableView, prefetchRowsAt indexPaths: [IndexPath])
}
