// swift-format-ignore-file
// A stand-in for the parts of SwiftUI that PagingSwiftUI and Examples/FeedApp use, so that
// .ci/typecheck-apple-glue.sh can type-check them on Linux. Each modifier and initializer has the
// labels, parameter types and isolation given in Apple's documentation
// (developer.apple.com/documentation/swiftui; `task` as in the newest SDK, `sending @isolated(any)`;
// the newest pages spell the content builders of `ScrollView`, `LazyVStack` and
// `ViewModifier.body(content:)` `@ContentBuilder`, which these stubs keep as `@ViewBuilder`);
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
// developer.apple.com/documentation/swiftui/lazyvstack/init(alignment:spacing:pinnedviews:content:)
// (iOS 14, macOS 11); `pinnedViews` left out: the glue does not pass it.
public struct LazyVStack<Content: View>: View {
  nonisolated public init(alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {}
  public var body: Never { fatalError() }
}
// developer.apple.com/documentation/swiftui/scrollview/init(_:content:) (iOS 13, macOS 10.15).
public struct ScrollView<Content: View>: View {
  nonisolated public init(_ axes: Axis.Set = .vertical, @ViewBuilder content: () -> Content) {}
  public var body: Never { fatalError() }
}
public enum Axis: Sendable {
  public struct Set: OptionSet, Sendable {
    public let rawValue: Int8
    public init(rawValue: Int8) { self.rawValue = rawValue }
    public static let horizontal = Set(rawValue: 1), vertical = Set(rawValue: 2)
  }
}
// developer.apple.com/documentation/swiftui/unitpoint (`@frozen struct UnitPoint`, `static let top`,
// `static let bottom`, `init(x:y:)`).
@frozen public struct UnitPoint: Hashable, Sendable {
  public var x: CGFloat, y: CGFloat
  public init(x: CGFloat, y: CGFloat) { self.x = x; self.y = y }
  public static let top = UnitPoint(x: 0.5, y: 0), bottom = UnitPoint(x: 0.5, y: 1), center = UnitPoint(x: 0.5, y: 0.5)
}
// developer.apple.com/documentation/swiftui/binding; State.projectedValue returns one.
@propertyWrapper @dynamicMemberLookup public struct Binding<Value> {
  public var wrappedValue: Value { get { fatalError() } nonmutating set {} }
  public var projectedValue: Binding<Value> { self }
  // binding/init(projectedvalue:)
  public init(projectedValue: Binding<Value>) {}
  public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>) -> Binding<Subject> { fatalError() }
}
// developer.apple.com/documentation/swiftui/viewmodifier (`@MainActor @preconcurrency protocol
// ViewModifier`, `body(content:)`, `typealias Content`) and View.modifier(_:).
@MainActor @preconcurrency public protocol ViewModifier {
  associatedtype Body: View
  typealias Content = _ViewModifier_Content<Self>
  @ViewBuilder func body(content: Content) -> Body
}
public struct _ViewModifier_Content<Modifier: ViewModifier>: View { public var body: Never { fatalError() } }
public struct HorizontalAlignment: Sendable { public static let center = HorizontalAlignment(), leading = HorizontalAlignment() }
public struct Alignment: Sendable { public static let center = Alignment() }
public struct List<SelectionValue: Hashable, Content: View>: View { public var body: Never { fatalError() } }
extension List where SelectionValue == Never {
  nonisolated public init(@ViewBuilder content: () -> Content) {}
  nonisolated public init<Data, RowContent>(_ data: Data, @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent)
  where Content == ForEach<Data, Data.Element.ID, RowContent>, Data: RandomAccessCollection, RowContent: View, Data.Element: Identifiable {}
}
public struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content>: View { public var body: Never { fatalError() } }
// developer.apple.com/documentation/swiftui/scrollviewreader (`@frozen struct
// ScrollViewReader<Content> where Content : View`, init(content:)) and scrollviewproxy
// (`func scrollTo<ID>(_ id: ID, anchor: UnitPoint? = nil) where ID : Hashable`).
@frozen public struct ScrollViewReader<Content: View>: View {
  nonisolated public init(@ViewBuilder content: @escaping (ScrollViewProxy) -> Content) {}
  public var body: Never { fatalError() }
}
public struct ScrollViewProxy {
  public func scrollTo<ID: Hashable>(_ id: ID, anchor: UnitPoint? = nil) {}
}
// developer.apple.com/documentation/swiftui/redactionreasons (`struct RedactionReasons:
// OptionSet`, `static let placeholder`).
public struct RedactionReasons: OptionSet, Sendable {
  public let rawValue: Int
  public init(rawValue: Int) { self.rawValue = rawValue }
  public static let placeholder = RedactionReasons(rawValue: 1)
}
extension ForEach where ID == Data.Element.ID, Content: View, Data.Element: Identifiable {
  public init(_ data: Data, @ViewBuilder content: @escaping (Data.Element) -> Content) {}
}
public struct ContentUnavailableView<L: View, Description: View, Actions: View>: View {
  nonisolated public init(@ViewBuilder label: () -> L, @ViewBuilder description: () -> Description = { EmptyView() }, @ViewBuilder actions: () -> Actions = { EmptyView() }) {}
  public var body: Never { fatalError() }
}
// developer.apple.com/documentation/swiftui/tabview (`struct TabView<SelectionValue, Content>
// where SelectionValue : Hashable, Content : View`) and tabview/init(content:) (iOS 13, macOS
// 10.15: `extension TabView where SelectionValue == Int`).
public struct TabView<SelectionValue: Hashable, Content: View>: View { public var body: Never { fatalError() } }
extension TabView where SelectionValue == Int { nonisolated public init(@ViewBuilder content: () -> Content) {} }
public struct NavigationStack<Data, Root: View>: View { public var body: Never { fatalError() } }
extension NavigationStack where Data == Void { nonisolated public init(@ViewBuilder root: () -> Root) {} }
public struct Font: Sendable { public static let footnote = Font(), caption = Font(), headline = Font(), body = Font(), subheadline = Font() }
public enum TextAlignment: Sendable { case leading, center, trailing }
public protocol ShapeStyle: Sendable {}
public struct HierarchicalShapeStyle: ShapeStyle {}
extension ShapeStyle where Self == HierarchicalShapeStyle { public static var secondary: HierarchicalShapeStyle { .init() } }
public enum ToolbarItemPlacement { case primaryAction }
// developer.apple.com/documentation/swiftui/searchfieldplacement
public struct SearchFieldPlacement: Sendable { public static let automatic = SearchFieldPlacement() }

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
  // developer.apple.com/documentation/swiftui/view/redacted(reason:)
  nonisolated public func redacted(reason: RedactionReasons) -> some View { Modified<Self>() }
  // developer.apple.com/documentation/swiftui/view/id(_:)
  nonisolated public func id<ID: Hashable>(_ id: ID) -> some View { Modified<Self>() }
  // developer.apple.com/documentation/swiftui/view/opacity(_:)
  nonisolated public func opacity(_ opacity: Double) -> some View { Modified<Self>() }
  // developer.apple.com/documentation/swiftui/view/tabitem(_:) (iOS 13, macOS 10.15;
  // `func tabItem<V>(@ViewBuilder _ label: () -> V) -> some View where V : View`).
  nonisolated public func tabItem<V: View>(@ViewBuilder _ label: () -> V) -> some View { Modified<Self>() }
  // developer.apple.com/documentation/swiftui/view/searchable(text:placement:prompt:)-18a8f (Text? prompt)
  nonisolated public func searchable(text: Binding<String>, placement: SearchFieldPlacement = .automatic, prompt: Text? = nil) -> some View { Modified<Self>() }
  // developer.apple.com/documentation/swiftui/view/modifier(_:) (returns ModifiedContent<Self, T>)
  nonisolated public func modifier<T>(_ modifier: T) -> Modified<Self> { Modified<Self>() }
  // developer.apple.com/documentation/swiftui/view/scrollposition(id:anchor:)
  @available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, visionOS 1.0, *)
  nonisolated public func scrollPosition(id: Binding<(some Hashable)?>, anchor: UnitPoint? = nil) -> some View { Modified<Self>() }
  // developer.apple.com/documentation/swiftui/view/scrolltargetlayout(isenabled:)
  @available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, visionOS 1.0, *)
  nonisolated public func scrollTargetLayout(isEnabled: Bool = true) -> some View { Modified<Self>() }
  // developer.apple.com/documentation/swiftui/view/defaultscrollanchor(_:)
  @available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, visionOS 1.0, *)
  nonisolated public func defaultScrollAnchor(_ anchor: UnitPoint?) -> some View { Modified<Self>() }
  // developer.apple.com/documentation/swiftui/view/onchange(of:initial:_:)-4psgg (two-parameter action)
  @available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, visionOS 1.0, *)
  nonisolated public func onChange<V>(of value: V, initial: Bool = false, _ action: @escaping (V, V) -> Void) -> some View where V: Equatable { Modified<Self>() }
  // developer.apple.com/documentation/swiftui/view/onchange(of:initial:_:) (no-parameter action)
  @available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, visionOS 1.0, *)
  nonisolated public func onChange<V>(of value: V, initial: Bool = false, _ action: @escaping () -> Void) -> some View where V: Equatable { Modified<Self>() }
  // developer.apple.com/documentation/swiftui/view/onscrolltargetvisibilitychange(idtype:threshold:_:)
  // (iOS 18, macOS 15, tvOS 18, watchOS 11, visionOS 2; `func onScrollTargetVisibilityChange<ID>(idType:
  // ID.Type, threshold: Double = 0.5, _ action: @escaping ([ID]) -> Void) -> some View where ID : Hashable`).
  @available(iOS 18.0, macOS 15.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
  nonisolated public func onScrollTargetVisibilityChange<ID: Hashable>(idType: ID.Type, threshold: Double = 0.5, _ action: @escaping ([ID]) -> Void) -> some View { Modified<Self>() }
  // developer.apple.com/documentation/swiftui/view/environment(_:_:)
  // (`func environment<V>(_ keyPath: WritableKeyPath<EnvironmentValues, V>, _ value: V) -> some View`).
  nonisolated public func environment<V>(_ keyPath: WritableKeyPath<EnvironmentValues, V>, _ value: V) -> some View { Modified<Self>() }
}

// developer.apple.com/documentation/swiftui/environmentkey (`associatedtype Value`,
// `static var defaultValue: Self.Value { get }`), environmentvalues (`subscript<K>(key: K.Type)
// -> K.Value where K : EnvironmentKey`) and environment (`@propertyWrapper struct
// Environment<Value>`, `init(_ keyPath: KeyPath<EnvironmentValues, Value>)`, `wrappedValue`).
public protocol EnvironmentKey { associatedtype Value; static var defaultValue: Value { get } }
public struct EnvironmentValues {
  public subscript<K: EnvironmentKey>(key: K.Type) -> K.Value { get { K.defaultValue } set {} }
}
@propertyWrapper public struct Environment<Value> {
  nonisolated public init(_ keyPath: KeyPath<EnvironmentValues, Value>) {}
  public var wrappedValue: Value { fatalError() }
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
  // developer.apple.com/documentation/swiftui/state/projectedvalue
  public var projectedValue: Binding<Value> { fatalError() }
}
