// swift-tools-version: 6.3
// A Swift package that takes Ghostframe as Swift users do: the library product `Ghostframe`
// (`import Ghostframe`), here by path; elsewhere by URL and version:
//
//   .package(url: "<the repository's URL>", from: "0.1.0")
//
// scripts/check_swift_consumer.sh (`make swift-consumer`, a step of `make test`) builds and runs it.
// The `ghostframe` product (libghostframe.so) is for C hosts; Swift code never needs it.
import PackageDescription

let package = Package(
  name: "GhostframeConsumer",
  dependencies: [
    .package(path: "../../.."),
  ],
  targets: [
    // "Ghostframe" by name: the product of the dependency above (whatever its checkout is called).
    .executableTarget(name: "GhostframeConsumer", dependencies: ["Ghostframe"]),
  ],
  swiftLanguageModes: [.v6]
)
