// Filled by CurlHTTPClient.
