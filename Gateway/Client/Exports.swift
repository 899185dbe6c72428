// An app imports RoamClient alone and gets the API's types with it (they live in RoamAPI, which the
// gateway shares).
@_exported import RoamAPI
