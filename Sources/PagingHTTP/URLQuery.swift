import Foundation

/// Query-item edits that percent-encode every character outside RFC 3986's unreserved set, so
/// that `+`, `&`, `=`, `,` and `;` in a token reach the server as themselves (`URLComponents`
/// leaves `+` bare, which most servers read as a space).
enum URLQuery {
  private static let unreserved = CharacterSet(
    charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

  /// `url` with `items` appended to its query, or with same-named items replaced when
  /// `replacing` is `true`; `nil` when Foundation cannot take the URL apart.
  static func url(_ url: URL, adding items: [URLQueryItem], replacing: Bool) -> URL? {
    guard !items.isEmpty else { return url }
    guard var components = URLComponents(url: url, resolvingAgainstBaseURL: true) else {
      return nil
    }
    var query = components.percentEncodedQueryItems ?? []
    if replacing {
      let names = Set(items.map(\.name))
      query.removeAll { names.contains($0.name.removingPercentEncoding ?? $0.name) }
    }
    query += items.map { URLQueryItem(name: encode($0.name), value: $0.value.map(encode)) }
    components.percentEncodedQueryItems = query
    return components.url
  }

  /// The decoded value of the first query item called `name`, or `nil`.
  static func value(of name: String, in url: URL) -> String? {
    let components = URLComponents(url: url, resolvingAgainstBaseURL: true)
    return components?.queryItems?.first { $0.name == name }?.value
  }

  private static func encode(_ text: String) -> String {
    text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? text
  }
}
