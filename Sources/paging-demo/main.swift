// paging-demo: the logic lives in DemoSupport's PagingDemo so that tests reach it.
import DemoSupport
import Foundation

exit(await PagingDemo.main(arguments: Array(CommandLine.arguments.dropFirst())))
