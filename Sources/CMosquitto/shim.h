#ifndef STORMRANGE_CMOSQUITTO_SHIM_H
#define STORMRANGE_CMOSQUITTO_SHIM_H
// libmosquitto (Debian: libmosquitto-dev, and libmosquitto1 at run time), Eclipse Mosquitto's MQTT
// client, for `stormrange mqtt`.
//
// Not linked: loaded with dlopen(3) when `mqtt` runs. Linking it would load libmosquitto, libssl
// and libcrypto into every stormrange process, which costs `help` about 1 ms of its 4 ms start-up
// (measured: LD_PRELOAD of libmosquitto.so.1 took `stormrange help` from 4.0 to 5.1 ms), and would
// make stormrange fail to start where the library is not installed. The header still gives every
// function's type, so the compiler checks each call as if it were linked.
#include <dlfcn.h>
#include <stddef.h>
#include <mosquitto.h>
#include <mqtt_protocol.h>

/// The functions stormrange calls, each with the type the header declares.
struct stormrange_mosquitto {
  __typeof__(&mosquitto_lib_init) lib_init;
  __typeof__(&mosquitto_new) new;
  __typeof__(&mosquitto_destroy) destroy;
  __typeof__(&mosquitto_user_data_set) user_data_set;
  __typeof__(&mosquitto_int_option) int_option;
  __typeof__(&mosquitto_username_pw_set) username_pw_set;
  __typeof__(&mosquitto_will_set) will_set;
  __typeof__(&mosquitto_tls_set) tls_set;
  __typeof__(&mosquitto_connect) connect;
  __typeof__(&mosquitto_connect_bind_v5) connect_bind_v5;
  __typeof__(&mosquitto_property_add_int32) property_add_int32;
  __typeof__(&mosquitto_property_free_all) property_free_all;
  __typeof__(&mosquitto_reason_string) reason_string;
  __typeof__(&mosquitto_disconnect) disconnect;
  __typeof__(&mosquitto_publish) publish;
  __typeof__(&mosquitto_subscribe) subscribe;
  __typeof__(&mosquitto_socket) socket;
  __typeof__(&mosquitto_want_write) want_write;
  __typeof__(&mosquitto_loop_read) loop_read;
  __typeof__(&mosquitto_loop_write) loop_write;
  __typeof__(&mosquitto_loop_misc) loop_misc;
  __typeof__(&mosquitto_connect_callback_set) connect_callback_set;
  __typeof__(&mosquitto_disconnect_callback_set) disconnect_callback_set;
  __typeof__(&mosquitto_message_callback_set) message_callback_set;
  __typeof__(&mosquitto_publish_callback_set) publish_callback_set;
  __typeof__(&mosquitto_strerror) strerror;
  __typeof__(&mosquitto_connack_string) connack_string;
};

#define STORMRANGE_MOSQUITTO_FIND(name)                                                    \
  if (!(functions->name = (__typeof__(functions->name))dlsym(handle, "mosquitto_" #name))) { \
    return "mosquitto_" #name;                                                             \
  }

/// Loads `library` (never unloaded) and fills `functions`. Returns NULL, or what failed: dlerror's
/// text, or the name of a function the library lacks.
static inline const char *stormrange_mosquitto_load(const char *library, struct stormrange_mosquitto *functions) {
  void *handle = dlopen(library, RTLD_NOW | RTLD_LOCAL);
  if (!handle) {
    const char *error = dlerror();
    return error ? error : library;
  }
  STORMRANGE_MOSQUITTO_FIND(lib_init)
  STORMRANGE_MOSQUITTO_FIND(new)
  STORMRANGE_MOSQUITTO_FIND(destroy)
  STORMRANGE_MOSQUITTO_FIND(user_data_set)
  STORMRANGE_MOSQUITTO_FIND(int_option)
  STORMRANGE_MOSQUITTO_FIND(username_pw_set)
  STORMRANGE_MOSQUITTO_FIND(will_set)
  STORMRANGE_MOSQUITTO_FIND(tls_set)
  STORMRANGE_MOSQUITTO_FIND(connect)
  STORMRANGE_MOSQUITTO_FIND(connect_bind_v5)
  STORMRANGE_MOSQUITTO_FIND(property_add_int32)
  STORMRANGE_MOSQUITTO_FIND(property_free_all)
  STORMRANGE_MOSQUITTO_FIND(reason_string)
  STORMRANGE_MOSQUITTO_FIND(disconnect)
  STORMRANGE_MOSQUITTO_FIND(publish)
  STORMRANGE_MOSQUITTO_FIND(subscribe)
  STORMRANGE_MOSQUITTO_FIND(socket)
  STORMRANGE_MOSQUITTO_FIND(want_write)
  STORMRANGE_MOSQUITTO_FIND(loop_read)
  STORMRANGE_MOSQUITTO_FIND(loop_write)
  STORMRANGE_MOSQUITTO_FIND(loop_misc)
  STORMRANGE_MOSQUITTO_FIND(connect_callback_set)
  STORMRANGE_MOSQUITTO_FIND(disconnect_callback_set)
  STORMRANGE_MOSQUITTO_FIND(message_callback_set)
  STORMRANGE_MOSQUITTO_FIND(publish_callback_set)
  STORMRANGE_MOSQUITTO_FIND(strerror)
  STORMRANGE_MOSQUITTO_FIND(connack_string)
  return NULL;
}
#undef STORMRANGE_MOSQUITTO_FIND

#endif
