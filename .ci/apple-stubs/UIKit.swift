// swift-format-ignore-file
// A stand-in for the parts of UIKit that PagingDisplayForwarder uses (signatures from Apple's
// documentation, developer.apple.com/documentation/uikit), so that .ci/typecheck-apple-glue.sh
// can type-check it on Linux. The bodies are dummies.
import Foundation
@MainActor open class UIView: NSObject {
  // uiview/layoutifneeded()
  open func layoutIfNeeded() {}
}
@MainActor open class UIScrollView: UIView {
  // uiscrollview/contentoffset
  open var contentOffset: CGPoint = .zero
}
// uicollectionviewlayoutattributes (`@MainActor class`), its `frame: CGRect`
@MainActor open class UICollectionViewLayoutAttributes: NSObject {
  open var frame: CGRect = .zero
}
@MainActor open class UICollectionView: UIScrollView {
  // uicollectionview/layoutattributesforitem(at:)
  open func layoutAttributesForItem(at indexPath: IndexPath) -> UICollectionViewLayoutAttributes? { nil }
}
@MainActor open class UITableView: UIScrollView {
  // uitableview/rectforrow(at:)
  open func rectForRow(at indexPath: IndexPath) -> CGRect { .zero }
}
@MainActor public protocol UICollectionViewDataSourcePrefetching: NSObjectProtocol {
  func collectionView(_ collectionView: UICollectionView, prefetchItemsAt indexPaths: [IndexPath])
}
@MainActor public protocol UITableViewDataSourcePrefetching: NSObjectProtocol {
  func tableView(_ tableView: UITableView, prefetchRowsAt indexPaths: [IndexPath])
}
