import Foundation

/// The process's memory as the kernel reports it in `/proc/self/status` (Linux; zeros
/// elsewhere).
struct MemoryUsage: Codable, Sendable {
  /// Anonymous resident memory in bytes (`RssAnon`): the heap and anonymous mappings, without
  /// the pages of code and files the process maps, which grow as more code runs.
  var anonymous = 0
  /// File-backed resident memory in bytes (`RssFile`).
  var file = 0
  /// The highest resident set size so far, in bytes (`VmHWM`, anonymous and file).
  var peak = 0

  /// Reads the current figures.
  static func current() -> MemoryUsage {
    var usage = MemoryUsage()
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)
    else { return usage }
    for line in status.split(separator: "\n") {
      let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
      guard fields.count >= 2, let kilobytes = Int(fields[1]) else { continue }
      switch fields[0] {
      case "RssAnon:": usage.anonymous = kilobytes * 1024
      case "RssFile:": usage.file = kilobytes * 1024
      case "VmHWM:": usage.peak = kilobytes * 1024
      default: break
      }
    }
    return usage
  }
}
