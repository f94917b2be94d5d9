/**
 * The controller's replicated data and the rules that change it: commands, their deterministic application and
 * their replies. Nothing here does I/O or reads a clock; the Ratis apply thread is the only writer.
 */
package io.apogee.controller.state;
