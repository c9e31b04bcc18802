// Bounded exhaustive exploration of the paging engine: every event sequence of several small
// configurations up to a depth, each state checked against the reference model and the
// invariants of the rulebook ("Invariants the explorer checks").
//
//   swift run -c release paging-explore --ci        the CI size (at least 2,000,000 states),
//                                                   and every pair of features together
//   swift run -c release paging-explore --deep      ten times the CI's states in each
//                                                   configuration, deeper, in little memory,
//                                                   then swarm configurations (--swarm N, 8 by
//                                                   default): features drawn at random
//   options: --config NAME, --depth N, --skip INVARIANT, --without EVENTS (each repeatable),
//   --serial, --seed N (the swarm's), --replay TRACE (one trace, step by step, in the
//   configuration named; a swarm one as `--config swarm-4 --seed 1`)
//
// A violation prints the shortest trace as a replayable list of events and exits with 1; so
// does a run of the whole suite that leaves a pair of features apart ("pairs covered: N of M"
// with N < M). Swarm testing after Groce et al., "Swarm Testing" (ISSTA 2012): each swarm
// configuration leaves out features at random, so that the ones it keeps meet more often.

import Dispatch
import Foundation
import Paging
import PagingReference
import Synchronization

struct Options {
  var deep = false
  var depth: Int?
  var names: [String] = []
  var skipped: Set<ExplorerInvariant> = []
  var parallel = true
  var replay: String?
  var without: ExplorerEventKinds = []
  var swarm = 8
  var seed: UInt64 = 1
}

let kindNames: [String: ExplorerEventKinds] = [
  "failures": .failures, "cancellations": .cancellations, "late": .lateAnswers,
  "controls": .userControls, "explicit": .explicitLoads, "refresh": .refresh,
  "policies": .refreshPolicies, "edits": .edits, "filters": .filters, "queries": .queries,
  "relaunch": .relaunch, "server": .serverChanges, "jumps": .jumps, "invalidation": .invalidation,
  "callers": .callers,
]

/// What `--help` prints.
let usage = """
  usage: paging-explore [--ci | --deep] [options]
    --ci                the CI size (at least 2,000,000 states) and every pair of features
    --deep              ten times the CI's states in each configuration, then swarm ones
    --config NAME       only this configuration (repeatable)
    --depth N           the depth of each search, 1 to \(depthLimit)
    --skip INVARIANT    do not check this invariant (repeatable)
    --without EVENTS    leave these events out (repeatable)
    --serial            one configuration at a time
    --swarm N           how many swarm configurations --deep adds, 0 to \(swarmLimit)
    --seed N            the swarm's seed
    --replay TRACE      one trace, step by step, in the configuration named
  """

/// The deepest search a depth can ask for: past it the state space of every configuration
/// outgrows any machine (`--deep` goes deeper, bounded by states instead).
let depthLimit = 64
/// The most swarm configurations: each is a search of its own.
let swarmLimit = 1_024

/// Writes `message` to standard error and exits with 2, as for any bad argument.
func fail(_ message: String) -> Never {
  FileHandle.standardError.write(Data("paging-explore: \(message)\n".utf8))
  exit(2)
}

func parseOptions() -> Options {
  var options = Options()
  var arguments = CommandLine.arguments.dropFirst()[...]
  while let argument = arguments.popFirst() {
    switch argument {
    case "--help", "-h":
      print(usage)
      exit(0)
    case "--ci": options.deep = false
    case "--deep": options.deep = true
    case "--serial": options.parallel = false
    case "--replay":
      guard let value = arguments.popFirst(), !value.isEmpty else { fail("--replay needs a trace") }
      options.replay = value
    case "--depth":
      guard let value = arguments.popFirst().flatMap(Int.init), (1...depthLimit).contains(value)
      else { fail("--depth needs N from 1 to \(depthLimit)") }
      options.depth = value
    case "--swarm":
      guard let value = arguments.popFirst().flatMap(Int.init), (0...swarmLimit).contains(value)
      else { fail("--swarm needs N from 0 to \(swarmLimit)") }
      options.swarm = value
    case "--seed":
      guard let value = arguments.popFirst().flatMap(UInt64.init) else { fail("--seed needs N") }
      options.seed = value
    case "--without":
      guard let value = arguments.popFirst(), let kind = kindNames[value] else {
        fail("--without needs one of \(kindNames.keys.sorted().joined(separator: ", "))")
      }
      options.without.formUnion(kind)
    case "--config":
      guard let value = arguments.popFirst() else { fail("--config needs a name") }
      options.names.append(value)
    case "--skip":
      guard let value = arguments.popFirst(), let invariant = ExplorerInvariant(rawValue: value)
      else {
        fail(
          "--skip needs one of \(ExplorerInvariant.allCases.map(\.rawValue).joined(separator: ", "))"
        )
      }
      options.skipped.insert(invariant)
    default: fail("unknown option \(argument)")
    }
  }
  return options
}

let options = parseOptions()
var configurations = ExplorerConfiguration.suite.filter {
  options.names.isEmpty || options.names.contains($0.name)
}
// The pairs of features the suite puts together: a whole run proves them all explored.
let pairTable = ExplorerPairTable(configurations)
if options.deep, options.names.isEmpty {
  configurations += ExplorerConfiguration.swarm(options.swarm, seed: options.seed)
} else if !options.names.isEmpty {
  // A swarm configuration named (`--config swarm-4 --seed 1`), to replay what `--deep` found.
  configurations += ExplorerConfiguration.swarm(options.swarm, seed: options.seed).filter {
    options.names.contains($0.name)
  }
}
// A name no configuration has is a typo, not an empty search.
for name in options.names where !configurations.contains(where: { $0.name == name }) {
  fail(
    "--config: no configuration is named \"\(name)\"; one of "
      + ExplorerConfiguration.suite.map(\.name).joined(separator: ", ")
      + ", or swarm-N with --seed")
}
for index in configurations.indices {
  configurations[index].depth = options.depth ?? configurations[index].depth
  configurations[index].events.subtract(options.without)
}
/// How many times the CI search's states `--deep` explores in each configuration.
let deepFactor = 10
if !options.skipped.isEmpty {
  print("skipping: \(options.skipped.map(\.rawValue).sorted().joined(separator: ", "))")
}

if let replay = options.replay {
  // One trace, step by step, in the first configuration named.
  guard let configuration = configurations.first else { fail("--replay: no configuration") }
  guard let events = ExplorerEvent.parse(trace: replay), !events.isEmpty else {
    fail("--replay needs a trace it can read, such as \"[.start, .loadNextPage]\"")
  }
  var world = ExplorerWorld(configuration)
  world.skipped = options.skipped
  for event in events {
    do {
      try world.apply(event)
      try world.checkState()
      if world.pruned { print("(a skipped invariant broke)") }
    } catch  where options.skipped.contains(error.invariant) {
      print("(skipped: \(error))")
    } catch {
      print("\(event): VIOLATION \(error)")
      exit(1)
    }
    let states = LoadDirection.allCases.map { "\($0) \(world.machine.loadState($0))" }
    print(
      "\(event): shown \(world.machine.items.map(\.description)), visible \(world.visible), "
        + "\(states.joined(separator: ", ")), anchor \(world.machine.scrollAnchor.map(String.init) ?? "nil"), "
        + (world.callers.isEmpty
          ? "" : "callers waiting at \(world.callers.map { "\($0.edge)" }), ")
        + "requests \(world.outstanding.map { "\($0.request.direction) \($0.request.cursor ?? -1)\($0.live ? "" : " (cancelled)")" })"
    )
  }
  exit(0)
}

let results = Mutex<[Int: ExplorerResult]>([:])
let all = configurations
let clock = ContinuousClock()
let began = clock.now
// Each configuration is a search of its own: two cores run two at once.
DispatchQueue.concurrentPerform(iterations: options.parallel ? all.count : 1) { slot in
  let indices = options.parallel ? [slot] : Array(all.indices)
  for index in indices {
    var result = Explorer.explore(all[index], skipping: options.skipped)
    if options.deep, result.violation == nil {
      // As deep as it takes to reach ten times the CI search's states (the last level in
      // part), with a frontier that holds no states.
      var deeper = all[index]
      deeper.depth = .max
      result = Explorer.explore(
        deeper, skipping: options.skipped, stateLimit: deepFactor * result.states, compact: true)
    }
    results.withLock { $0[index] = result }
    // Progress as each search ends; the summary below keeps the configurations' order.
    FileHandle.standardError.write(
      Data("  \(result.configuration.name) done: \(result.states) states\n".utf8))
  }
}
let elapsed = clock.now - began

var failed = false
var totalStates = 0
var totalTransitions = 0
var totalCPU = 0.0
for index in all.indices {
  guard let result = results.withLock({ $0[index] }) else { continue }
  totalStates += result.states
  totalTransitions += result.transitions
  totalCPU += result.cpuSeconds
  let rate = result.seconds > 0 ? Int(Double(result.transitions) / result.seconds) : 0
  print(
    "\(result.configuration.name): \(result.states) states, \(result.transitions) transitions, "
      + "depth \(result.depth), \(rate) transitions/s, "
      + (result.pruned > 0 ? "\(result.pruned) pruned by skipped invariants, " : "")
      + String(format: "%.1f s (%.1f s of processor time)", result.seconds, result.cpuSeconds))
  print("  \(result.configuration)")
  if let (violation, trace) = result.violation {
    failed = true
    print("  VIOLATION \(violation)")
    print("  trace (\(trace.count) events): [\(trace.map(\.description).joined(separator: ", "))]")
  }
}
/// The fewest distinct states a CI run of the whole suite explores (the rulebook's figure).
let ciStates = 2_000_000
if options.names.isEmpty, options.replay == nil {
  print(pairTable.description)
  if pairTable.covered < ExplorerPairTable.pairCount { failed = true }
  if !options.deep, options.depth == nil, options.without.isEmpty, totalStates < ciStates {
    print("states: \(totalStates), fewer than the \(ciStates) a CI run explores")
    failed = true
  }
}
print(
  "total: \(totalStates) distinct states, \(totalTransitions) transitions in "
    + "\(elapsed.formatted(.units(allowed: [.seconds], fractionalPart: .show(length: 1)))), "
    + String(format: "%.1f s of processor time", totalCPU))
exit(failed ? 1 : 0)
