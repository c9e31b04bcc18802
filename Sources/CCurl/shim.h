// The system libcurl (Debian: libcurl4-openssl-dev) for PagingHTTP's transport on Linux; Apple
// platforms use URLSession.
//
// Swift cannot call C's variadic functions, so each form of curl_easy_setopt,
// curl_easy_getinfo and curl_multi_setopt that the transport uses has a typed wrapper here.
#include <curl/curl.h>

typedef size_t (*paging_curl_data_callback)(char *data, size_t size, size_t count, void *context);

static inline CURLcode paging_curl_easy_setopt_long(CURL *handle, CURLoption option, long value) {
  return curl_easy_setopt(handle, option, value);
}

static inline CURLcode paging_curl_easy_setopt_offset(
    CURL *handle, CURLoption option, curl_off_t value) {
  return curl_easy_setopt(handle, option, value);
}

static inline CURLcode paging_curl_easy_setopt_pointer(
    CURL *handle, CURLoption option, const void *value) {
  return curl_easy_setopt(handle, option, value);
}

static inline CURLcode paging_curl_easy_setopt_callback(
    CURL *handle, CURLoption option, paging_curl_data_callback value) {
  return curl_easy_setopt(handle, option, value);
}

static inline CURLcode paging_curl_easy_getinfo_long(CURL *handle, CURLINFO info, long *value) {
  return curl_easy_getinfo(handle, info, value);
}

static inline CURLMcode paging_curl_multi_setopt_long(CURLM *multi, CURLMoption option, long value) {
  return curl_multi_setopt(multi, option, value);
}
