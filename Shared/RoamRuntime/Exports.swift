// The dependency-free core (errors, validation, pages, geo, time, ids, the caller) comes with the
// runtime, so infrastructure code imports one module; domain code imports RoamCore alone.
@_exported import RoamCore
