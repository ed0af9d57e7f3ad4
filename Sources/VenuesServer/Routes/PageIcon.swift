import Foundation

/// The icon of the map page, `GET /favicon.ico`: a red map pin with a white dot, as an ICO file
/// holding one 32×32 PNG (made once by a few lines of Python; any browser reads it).
enum PageIcon {
    /// The file's bytes.
    static let ico: [UInt8] = Array(Data(base64Encoded: base64)!)

    private static let base64 =
        "AAABAAEAICAAAAEAIACqAAAAFgAAAIlQTkcNChoKAAAADUlIRFIAAAAgAAAAIAgGAAAAc3p69AAAAHFJREFUeNrtl10OABAMgx1p"
        + "9393Li7AsJ90WBOv+hGZtpTUjapEbbRgxu4gu8YuIFJzEwituRoCCmBlLobgNpvpD4CVTAAkpze/BegN5CMMMQdyFIf4DUPkgRCJ"
        + "6AQCngvfTsUcBLwbQAsKvCFlV9SoA0XyeUa7KjBOAAAAAElFTkSuQmCC"
}
