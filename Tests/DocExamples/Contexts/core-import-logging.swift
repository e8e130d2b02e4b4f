// swift-log, whose logging system the example sets up.
import Logging
