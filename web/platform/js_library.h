// The JavaScript functions the page's C++ calls, defined in platform/library.js (an Emscripten
// JS library, linked with --js-library): what each does is said there. Strings they return are
// malloc'd, and the caller frees them (main.cpp's TakeJsString).
#pragma once

#include <cstddef>

extern "C" {
void js_install_clipboard();
void js_set_clipboard(const char* text);
char* js_get_clipboard();
void js_show_canvas();
void js_set_cursor(const char* css);
int js_is_mac();
void js_page_ready();
void js_page_failed(const char* message);
char* js_storage_get(const char* key);
int js_storage_set(const char* key, const char* value);
void js_storage_remove(const char* key);
void js_record_request(int kind, double ticket, const char* key, const char* text);
char* js_take_record();
char* js_take_record_text();
char* js_query_parameter(const char* name);
void js_show_lesson_in_address(const char* id, int step);
void js_open_link(const char* url);
// Opens the file picker; the file picked comes back through playground.openFile (page.js).
void js_pick_file();
// Saves `length` bytes at `text` as a download named `name`.
void js_download_file(const char* name, const char* text, std::size_t length, const char* mime);
void js_start_fetch(const char* path);
char* js_take_fetched();
void js_announce(const char* region, const char* text);
void js_start_share(const char* fragment, const char* text, const char* query);
char* js_take_share_outcome();
char* js_take_shared_link();
unsigned char* js_take_font(const char* name, int* size);
}
