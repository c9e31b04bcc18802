import Foundation

/// The machine a run measured, as the report states it.
struct MachineInfo: Codable, Sendable {
  /// Processors available to the process (`nproc`).
  let processors: Int
  /// The CPU model (`model name` in `/proc/cpuinfo`).
  let cpuModel: String
  /// Physical memory in bytes.
  let memoryBytes: UInt64
  /// The operating system (`PRETTY_NAME` in `/etc/os-release`) and kernel release.
  let operatingSystem: String
  /// The Swift compiler the benchmark was built with (from `#if compiler`).
  let compiler: String

  /// Reads the current machine's description.
  static func current() -> MachineInfo {
    let info = ProcessInfo.processInfo
    let cpuinfo = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
    let model = cpuinfo.split(separator: "\n").first { $0.hasPrefix("model name") }
      .flatMap { $0.split(separator: ":", maxSplits: 1).last }
      .map { $0.trimmingCharacters(in: .whitespaces) }
    let release = (try? String(contentsOfFile: "/etc/os-release", encoding: .utf8)) ?? ""
    let pretty = release.split(separator: "\n").first { $0.hasPrefix("PRETTY_NAME=") }
      .map { $0.dropFirst("PRETTY_NAME=".count).trimmingCharacters(in: ["\""]) }
    let kernel = (try? String(contentsOfFile: "/proc/sys/kernel/osrelease", encoding: .utf8))?
      .trimmingCharacters(in: .whitespacesAndNewlines)
    return MachineInfo(
      processors: info.activeProcessorCount, cpuModel: model ?? "unknown",
      memoryBytes: info.physicalMemory,
      operatingSystem: [pretty ?? info.operatingSystemVersionString, kernel.map { "kernel \($0)" }]
        .compactMap { $0 }.joined(separator: ", "),
      compiler: compilerVersion)
  }

  /// The 1-minute load average (`/proc/loadavg`): how many processes wanted the processors;
  /// other work on a shared machine shows here. `nil` where unavailable.
  static func loadAverage() -> Double? {
    guard let text = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8) else {
      return nil
    }
    return text.split(separator: " ").first.flatMap { Double($0) }
  }

  private static var compilerVersion: String {
    #if compiler(>=6.4)
      "Swift 6.4 or later"
    #elseif compiler(>=6.3)
      "Swift 6.3"
    #else
      "Swift before 6.3"
    #endif
  }
}
