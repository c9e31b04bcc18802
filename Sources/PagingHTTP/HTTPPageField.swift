import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Where a response carries a number that paging needs (a total count, a total page count, the
/// next page's number): in the body, in a header, or in a JSON header.
///
/// An array literal is a body path: `totalCount: ["count"]` reads `{"count": 1234, …}`.
///
/// ```swift
/// // flask-smorest: X-Pagination: {"total": 1234, "total_pages": 13, "page": 1, "next_page": 2}
/// .pageNumber(
///   pageSize: 100, pageSizeQueryItem: "page_size",
///   totalCount: .jsonHeader("X-Pagination", ["total"]),
///   nextPage: .jsonHeader("X-Pagination", ["next_page"]))
/// // GitLab: X-Total: 1234, X-Next-Page: 2 (empty on the last page)
/// .pageNumber(pageSize: 100, pageSizeQueryItem: "per_page", nextPage: .header("X-Next-Page"))
/// ```
public struct HTTPPageField: Sendable, Hashable, ExpressibleByArrayLiteral,
  CustomStringConvertible
{
  enum Location: Sendable, Hashable {
    case body([String])
    case header(String)
    case jsonHeader(String, [String])
  }

  let location: Location

  /// A number at `path` in the body; a missing key is a decoding error, JSON `null` means no
  /// value.
  /// - Parameter path: Keys into nested objects (`["meta", "total"]`).
  /// - Returns: The field.
  public static func body(_ path: [String]) -> Self { Self(location: .body(path)) }

  /// A number that is the whole value of the header `name` (`X-Total-Count: 1234`), compared
  /// case-insensitively. A missing header fails with
  /// ``HTTPPagingError/malformedHeader(url:name:value:)``; an empty one means no value (GitLab's
  /// `X-Next-Page` on the last page).
  /// - Parameter name: The header's name.
  /// - Returns: The field.
  public static func header(_ name: String) -> Self { Self(location: .header(name)) }

  /// A number at `path` in the JSON object that is the value of the header `name`
  /// (flask-smorest's `X-Pagination`). A missing or unreadable header fails with
  /// ``HTTPPagingError/malformedHeader(url:name:value:)``; a missing key or `null` means no
  /// value (flask-smorest leaves `next_page` out on the last page).
  /// - Parameters:
  ///   - name: The header's name.
  ///   - path: Keys into the header's JSON object (`["total"]`).
  /// - Returns: The field.
  public static func jsonHeader(_ name: String, _ path: [String]) -> Self {
    Self(location: .jsonHeader(name, path))
  }

  /// A body path.
  /// - Parameter elements: The keys.
  public init(arrayLiteral elements: String...) { self.location = .body(elements) }

  init(location: Location) { self.location = location }

  /// `body count`, `header X-Total-Count` or `header X-Pagination total`.
  public var description: String {
    switch location {
    case .body(let path): "body " + path.joined(separator: ".")
    case .header(let name): "header " + name
    case .jsonHeader(let name, let path): "header \(name) " + path.joined(separator: ".")
    }
  }

  /// The path when the number is in the body.
  var bodyPath: [String]? {
    if case .body(let path) = location { return path }
    return nil
  }

  /// The number in a header of `response`, or `nil` for none (body fields are read by the
  /// body's decoding).
  /// - Throws: ``HTTPPagingError/malformedHeader(url:name:value:)``.
  func headerValue(in response: HTTPURLResponse, url: URL) throws -> Int? {
    switch location {
    case .body: return nil
    case .header(let name):
      guard let value = response.value(forHTTPHeaderField: name) else {
        throw HTTPPagingError.malformedHeader(url: url, name: name, value: nil)
      }
      let text = value.trimmingCharacters(in: .whitespaces)
      if text.isEmpty { return nil }
      guard let number = Int(text), number >= 0 else {
        throw HTTPPagingError.malformedHeader(url: url, name: name, value: value)
      }
      return number
    case .jsonHeader(let name, let path):
      guard let value = response.value(forHTTPHeaderField: name) else {
        throw HTTPPagingError.malformedHeader(url: url, name: name, value: nil)
      }
      guard var object = try? JSONSerialization.jsonObject(with: Data(value.utf8)) else {
        throw HTTPPagingError.malformedHeader(url: url, name: name, value: value)
      }
      for key in path {
        guard let dictionary = object as? [String: Any] else {
          throw HTTPPagingError.malformedHeader(url: url, name: name, value: value)
        }
        guard let next = dictionary[key], !(next is NSNull) else { return nil }
        object = next
      }
      // A JSON boolean is an `NSNumber` of the boolean class; `is Bool` cannot tell it apart,
      // since on Linux it is true of the numbers 0 and 1 too. `Int(exactly:)` keeps every
      // digit of an integer past 2^53, which a `Double` would round.
      guard type(of: object) != type(of: NSNumber(value: true) as Any),
        let number = (object as? NSNumber).flatMap({ Int(exactly: $0) }), number >= 0
      else { throw HTTPPagingError.malformedHeader(url: url, name: name, value: value) }
      return number
    }
  }
}
