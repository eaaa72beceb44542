// swift-tools-version: 6.3
// A Swift package that takes Ghostframe as Swift users do, in the form README.md gives: the library
// product `Ghostframe` (`import Ghostframe`) of the package whose identity is `ghostframe`.
//
// SwiftPM knows a dependency by its identity, and `.product(name:package:)` takes that identity: the
// last path component of a URL without `.git` (`.../ghostframe.git` is `ghostframe`), or the folder's
// name for a path, lowercased. A clone may be called anything, so the path dependency names its
// identity; by URL (identity from the URL) it would read
//
//   .package(url: "https://<host>/<owner>/ghostframe.git", from: "0.1.0")
//
// scripts/check_swift_consumer.sh (`make swift-consumer`, a step of `make test`) builds and runs it
// through a link to the checkout named otherwise (GHOSTFRAME_CHECKOUT), so the form is proved for a
// folder not called ghostframe. The `ghostframe` product (libghostframe.so) is for C hosts; Swift
// code never needs it.
import Foundation
import PackageDescription

// The checkout: GHOSTFRAME_CHECKOUT, else three levels up.
let checkout = ProcessInfo.processInfo.environment["GHOSTFRAME_CHECKOUT"]
  ?? URL(fileURLWithPath: Context.packageDirectory).appendingPathComponent("../../..").standardizedFileURL.path

let package = Package(
  name: "GhostframeConsumer",
  dependencies: [
    .package(name: "ghostframe", path: checkout),
  ],
  targets: [
    .executableTarget(
      name: "GhostframeConsumer",
      dependencies: [.product(name: "Ghostframe", package: "ghostframe")]
    ),
  ],
  swiftLanguageModes: [.v6]
)
