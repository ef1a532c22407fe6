// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "stormrange",
  products: [
    .executable(name: "stormrange", targets: ["stormrange"])
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2")
  ],
  targets: [
    // GNU readline, linked from the system (Debian: libreadline-dev).
    .systemLibrary(
      name: "CReadline",
      pkgConfig: nil,
      providers: [.apt(["libreadline-dev"])]
    ),
    // The domain, the history store and the command interpreter: no terminal, no process exit.
    .target(name: "StormrangeKit"),
    // The thin front end: flags, terminal detection, line readers, exit codes.
    .executableTarget(
      name: "stormrange",
      dependencies: [
        "StormrangeKit",
        "CReadline",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    .testTarget(name: "StormrangeKitTests", dependencies: ["StormrangeKit"]),
    // Foundation's generic property-list coders on the same files, for Benchmarks/bench.py.
    .executableTarget(name: "stormrange-peer-benchmark", path: "Sources/PeerBenchmark"),
  ],
  swiftLanguageModes: [.v6]
)
