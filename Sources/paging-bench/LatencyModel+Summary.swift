import DemoSupport
import Foundation
import PagingTesting

extension LatencyModel {
  /// Whether the model has no heavy tail: fixed, or log-normal without a Pareto tail. The
  /// extra-requests goal is tighter there, since a hedge has no tail to cut.
  var hasNoTail: Bool {
    switch self {
    case .fixed: true
    case .logNormal(_, _, let tail): tail == nil
    case .perRequest: false
    }
  }

  /// The model in a sentence, for the report's profile tables.
  var summary: String {
    switch self {
    case .fixed(let duration):
      return "fixed \(Format.seconds(duration.seconds))"
    case .logNormal(let median, let sigma, let tail):
      let body =
        "log-normal, median \(milliseconds(median)), sigma \(String(format: "%.2f", sigma))"
      guard let tail else { return body + ", no tail" }
      return body
        + "; \(String(format: "%.0f", tail.probability * 100)) % in a Pareto tail from"
        + " \(milliseconds(tail.scale)) (exponent \(String(format: "%.1f", tail.exponent)),"
        + " at most \(Format.seconds(tail.cap.seconds)))"
    case .perRequest:
      return "scripted per request"
    }
  }

  private func milliseconds(_ duration: Duration) -> String {
    "\(Int((duration.seconds * 1_000).rounded())) ms"
  }
}
