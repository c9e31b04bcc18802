// swift-format-ignore-file
// A stand-in for the parts of SwiftUI that PagingSwiftUI and Examples/FeedApp use, so that
// .ci/typecheck-apple-glue.sh can type-check them on Linux. Each modifier and initializer has the
// labels, parameter types and isolation given in Apple's documentation
// (developer.apple.com/documentation/swiftui; `task` as in the newest SDK, `sending @isolated(any)`);
// the types behind them (opaque results, result builders, State) are simplified and the bodies
// are dummies. It proves the glue type-checks against Paging and these signatures, not that it
// runs: only an Apple toolchain can show that.
import Foundation
import Observation

@MainActor @preconcurrency public protocol View {
  associatedtype Body: View
  @ViewBuilder var body: Body { get }
}
extension Never: View { public var body: Never { fatalError() } }

@resultBuilder public struct ViewBuilder {
  public static func buildExpression<C: View>(_ c: C) -> C { c }
  public static func buildBlock() -> EmptyView { EmptyView() }
  public static func buildBlock<C: View>(_ c: C) -> C { c }
  public static func buildBlock<each C: View>(_ c: repeat each C) -> TupleView<(repeat each C)> { TupleView() }
  public static func buildIf<C: View>(_ c: C?) -> C? { c }
  public static func buildOptional<C: View>(_ c: C?) -> C? { c }
  public static func buildEither<T: View, F: View>(first: T) -> ConditionalContent<T, F> { ConditionalContent() }
  public static func buildEither<T: View, F: View>(second: F) -> ConditionalContent<T, F> { ConditionalContent() }
  public static func buildLimitedAvailability<C: View>(_ c: C) -> C { c }
}
extension Optional: View where Wrapped: View { public var body: Never { fatalError() } }
public struct TupleView<T>: View { public var body: Never { fatalError() } }
public struct ConditionalContent<T, F>: View { public var body: Never { fatalError() } }
public struct EmptyView: View { nonisolated public init() {} ; public var body: Never { fatalError() } }
public struct Modified<V>: View { public var body: Never { fatalError() } }

public struct LocalizedStringKey: ExpressibleByStringInterpolation, Sendable {
  public init(stringLiteral value: String) {}
  public init(stringInterpolation: DefaultStringInterpolation) {}
}
public struct Text: View {
  nonisolated public init(_ key: LocalizedStringKey) {}
  nonisolated public init(verbatim content: String) {}
  nonisolated public init<S: StringProtocol>(_ content: S) {}
  public var body: Never { fatalError() }
}
public struct ProgressView<Label: View, CurrentValueLabel: View>: View { public var body: Never { fatalError() } }
extension ProgressView where Label == EmptyView, CurrentValueLabel == EmptyView { nonisolated public init() {} }
public struct Button<Label: View>: View { public var body: Never { fatalError() } }
extension Button where Label == Text {
  @preconcurrency nonisolated public init(_ titleKey: LocalizedStringKey, action: @escaping @MainActor () -> Void) {}
}
public struct Label<Title: View, Icon: View>: View { public var body: Never { fatalError() } }
public struct Image: View { public var body: Never { fatalError() } }
extension Label where Title == Text, Icon == Image {
  nonisolated public init(_ titleKey: LocalizedStringKey, systemImage name: String) {}
}
public struct VStack<Content: View>: View {
  nonisolated public init(alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {}
  public var body: Never { fatalError() }
}
public struct HorizontalAlignment: Sendable { public static let center = HorizontalAlignment(), leading = HorizontalAlignment() }
public struct Alignment: Sendable { public static let center = Alignment() }
public struct List<SelectionValue: Hashable, Content: View>: View { public var body: Never { fatalError() } }
extension List where SelectionValue == Never {
  nonisolated public init(@ViewBuilder content: () -> Content) {}
  nonisolated public init<Data, RowContent>(_ data: Data, @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent)
  where Content == ForEach<Data, Data.Element.ID, RowContent>, Data: RandomAccessCollection, RowContent: View, Data.Element: Identifiable {}
}
public struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content>: View { public var body: Never { fatalError() } }
extension ForEach where ID == Data.Element.ID, Content: View, Data.Element: Identifiable {
  public init(_ data: Data, @ViewBuilder content: @escaping (Data.Element) -> Content) {}
}
public struct ContentUnavailableView<L: View, Description: View, Actions: View>: View {
  nonisolated public init(@ViewBuilder label: () -> L, @ViewBuilder description: () -> Description = { EmptyView() }, @ViewBuilder actions: () -> Actions = { EmptyView() }) {}
  public var body: Never { fatalError() }
}
public struct NavigationStack<Data, Root: View>: View { public var body: Never { fatalError() } }
extension NavigationStack where Data == Void { nonisolated public init(@ViewBuilder root: () -> Root) {} }
public struct Font: Sendable { public static let footnote = Font(), caption = Font(), headline = Font(), body = Font(), subheadline = Font() }
public enum TextAlignment: Sendable { case leading, center, trailing }
public protocol ShapeStyle: Sendable {}
public struct HierarchicalShapeStyle: ShapeStyle {}
extension ShapeStyle where Self == HierarchicalShapeStyle { public static var secondary: HierarchicalShapeStyle { .init() } }
public enum ToolbarItemPlacement { case primaryAction }

extension View {
  nonisolated public func onAppear(perform action: (() -> Void)? = nil) -> some View { Modified<Self>() }
  nonisolated public func onDisappear(perform action: (() -> Void)? = nil) -> some View { Modified<Self>() }
  nonisolated public func task(priority: TaskPriority = .userInitiated, _ action: sending @escaping @isolated(any) () async -> Void) -> some View { Modified<Self>() }
  nonisolated public func task<T: Equatable>(id value: T, priority: TaskPriority = .userInitiated, _ action: sending @escaping @isolated(any) () async -> Void) -> some View { Modified<Self>() }
  nonisolated public func refreshable(action: @escaping @Sendable () async -> Void) -> some View { Modified<Self>() }
  nonisolated public func overlay<V: View>(alignment: Alignment = .center, @ViewBuilder content: () -> V) -> some View { Modified<Self>() }
  nonisolated public func frame(minWidth: CGFloat? = nil, idealWidth: CGFloat? = nil, maxWidth: CGFloat? = nil, minHeight: CGFloat? = nil, idealHeight: CGFloat? = nil, maxHeight: CGFloat? = nil, alignment: Alignment = .center) -> some View { Modified<Self>() }
  nonisolated public func font(_ font: Font?) -> some View { Modified<Self>() }
  nonisolated public func foregroundStyle<S: ShapeStyle>(_ style: S) -> some View { Modified<Self>() }
  nonisolated public func multilineTextAlignment(_ alignment: TextAlignment) -> some View { Modified<Self>() }
  nonisolated public func navigationTitle(_ titleKey: LocalizedStringKey) -> some View { Modified<Self>() }
  nonisolated public func toolbar<Content: View>(@ViewBuilder content: () -> Content) -> some View { Modified<Self>() }
  nonisolated public func lineLimit(_ number: Int?) -> some View { Modified<Self>() }
}

@MainActor @preconcurrency public protocol Scene { associatedtype Body: Scene; @SceneBuilder var body: Body { get } }
extension Never: Scene {}
@resultBuilder public struct SceneBuilder { public static func buildBlock<C: Scene>(_ c: C) -> C { c } }
public struct WindowGroup<Content: View>: Scene {
  nonisolated public init(@ViewBuilder content: () -> Content) {}
  public var body: Never { fatalError() }
}
@MainActor @preconcurrency public protocol App { associatedtype Body: Scene; @SceneBuilder var body: Body { get }; init() }
extension App { public static func main() {} }

// @unchecked Sendable mirrors Apple's declaration (State is Sendable in the SDK); this stub is never run.
@propertyWrapper public struct State<Value>: @unchecked Sendable {
  var value: Value
  nonisolated public init(wrappedValue: Value) { value = wrappedValue }
  public var wrappedValue: Value { get { value } nonmutating set {} }
}
