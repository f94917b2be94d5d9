/**
 * Protocol constants: request codes, response codes, language codes and protocol versions. Immutable.
 */
package io.apogee.wire.code;
