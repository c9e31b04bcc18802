// Apple-only glue lands with the SwiftUI issue; on Linux this module is empty.
