// swift-tools-version: 6.3
// A Swift package that takes Ghostframe as Swift users do: the library product `Ghostframe`
// (`import Ghostframe`), here by path; elsewhere by URL and version:
//
//   .package(url: "<the repository's URL>", from: "0.1.0")
//
// scripts/check_swift_consumer.sh (`make swift-consumer`, a step of `make test`) builds and runs it.
// The `ghostframe` product (libghostframe.so) is for C hosts; Swift code never needs it.
import Foundation
import PackageDescription

// SwiftPM names a path dependency after its directory (a clone may be called anything), and
// `.product(name:package:)` takes that name: the checkout's, three levels up.
let ghostframePath = URL(fileURLWithPath: Context.packageDirectory).appendingPathComponent("../../..").standardizedFileURL
let ghostframeIdentity = ghostframePath.lastPathComponent.lowercased()

let package = Package(
  name: "GhostframeConsumer",
  dependencies: [
    .package(path: ghostframePath.path),
  ],
  targets: [
    .executableTarget(
      name: "GhostframeConsumer",
      dependencies: [.product(name: "Ghostframe", package: ghostframeIdentity)]
    ),
  ],
  swiftLanguageModes: [.v6]
)
