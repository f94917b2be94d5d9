package io.apogee.broker.auth.authentication;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.apogee.broker.metadata.User;
import io.apogee.broker.metadata.UserStatus;
import io.apogee.broker.metadata.UserTable;
import io.apogee.broker.metadata.UserType;
import io.apogee.broker.request.Exchange;
import io.apogee.broker.request.Processor;
import io.apogee.transport.auth.SignedContent;
import io.apogee.wire.code.RequestCode;
import io.apogee.wire.code.ResponseCode;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import java.io.IOException;
import java.util.function.Consumer;

/**
 * mqadmin's user commands (createUser, updateUser, deleteUser, getUser, listUser: codes 3001 to 3005) over the
 * {@link UserTable}, with RocketMQ 5.4's checks and remarks: only a super user may create, change or delete a super
 * user. Each change is written to {@code users.conf} before the answer. Unlike RocketMQ, getUser and listUser leave
 * the password out of their answers: no admin output shows a secret.
 *
 * <p>Runs on the admin family's thread, one request at a time; the table is shared with the I/O threads that check
 * signatures, which see a change at once.
 */
public final class UserAdminProcessor implements Processor {
    /** The codes handled. */
    public static final int[] CODES = {RequestCode.AUTH_CREATE_USER, RequestCode.AUTH_UPDATE_USER,
        RequestCode.AUTH_DELETE_USER, RequestCode.AUTH_GET_USER, RequestCode.AUTH_LIST_USER};

    private static final String USERNAME_BLANK = "The username is blank";
    private static final String SUPER_UPDATE_ONLY = "The super user can only be update by super user";
    private static final ObjectMapper JSON = new ObjectMapper();

    private final UserTable users;
    /** Told after each change is on disk (authorization drops the decisions it keeps). */
    private final Runnable onChange;
    /** Told the name of each deleted user: its ACL goes with it, as in RocketMQ. */
    private final Consumer<String> onDelete;

    /** Answers from and changes {@code users}. */
    public UserAdminProcessor(UserTable users) {
        this(users, () -> { }, username -> { });
    }

    /**
     * A processor over {@code users} that runs {@code onChange} after each change it writes, and gives
     * {@code onDelete} the name of each user it deletes first.
     */
    public UserAdminProcessor(UserTable users, Runnable onChange, Consumer<String> onDelete) {
        this.users = users;
        this.onChange = onChange;
        this.onDelete = onDelete;
    }

    @Override
    public void process(Exchange exchange) {
        String username = exchange.request().ext().get("username");
        switch (exchange.request().code()) {
            case RequestCode.AUTH_CREATE_USER -> create(exchange, username);
            case RequestCode.AUTH_UPDATE_USER -> update(exchange, username);
            case RequestCode.AUTH_DELETE_USER -> delete(exchange, username);
            case RequestCode.AUTH_GET_USER -> get(exchange, username);
            default -> list(exchange, exchange.request().ext().get("filter"));
        }
    }

    private void create(Exchange exchange, String username) {
        if (isBlank(username)) {
            exchange.reply(ResponseCode.INVALID_PARAMETER, USERNAME_BLANK);
            return;
        }
        JsonNode info = userInfo(exchange);
        if (info == null) {
            return;
        }
        UserType type = UserType.byName(text(info, "userType"));
        if (type == UserType.SUPER && !byAdmin(exchange)) {
            exchange.reply(ResponseCode.SYSTEM_ERROR, "The super user can only be create by super user");
            return;
        }
        String password = text(info, "password");
        if (isBlank(password)) {
            exchange.reply(ResponseCode.NO_PERMISSION, "password can not be blank");
            return;
        }
        if (users.get(username) != null) {
            exchange.reply(ResponseCode.NO_PERMISSION, "The user is existed");
            return;
        }
        UserStatus status = UserStatus.byName(text(info, "userStatus"));
        users.put(new User(username, password, type == null ? UserType.NORMAL : type,
            status == null ? UserStatus.ENABLE : status));
        users.persist();
        onChange.run();
        exchange.reply(ResponseCode.SUCCESS, null);
    }

    private void update(Exchange exchange, String username) {
        if (isBlank(username)) {
            exchange.reply(ResponseCode.INVALID_PARAMETER, USERNAME_BLANK);
            return;
        }
        JsonNode info = userInfo(exchange);
        if (info == null) {
            return;
        }
        UserType type = UserType.byName(text(info, "userType"));
        if (type == UserType.SUPER && !byAdmin(exchange)) {
            exchange.reply(ResponseCode.SYSTEM_ERROR, SUPER_UPDATE_ONLY);
            return;
        }
        User old = users.get(username);
        if (old == null) {
            exchange.reply(ResponseCode.NO_PERMISSION, "The user is not exist");
            return;
        }
        if (old.isSuper() && !byAdmin(exchange)) {
            exchange.reply(ResponseCode.NO_PERMISSION, SUPER_UPDATE_ONLY);
            return;
        }
        String password = text(info, "password");
        UserStatus status = UserStatus.byName(text(info, "userStatus"));
        users.put(new User(username, isBlank(password) ? old.password() : password, type == null ? old.type() : type,
            status == null ? old.status() : status));
        users.persist();
        onChange.run();
        exchange.reply(ResponseCode.SUCCESS, null);
    }

    private void delete(Exchange exchange, String username) {
        User old = username == null ? null : users.get(username);
        if (old == null) {
            exchange.reply(ResponseCode.SUCCESS, null);
            return;
        }
        if (old.isSuper() && !byAdmin(exchange)) {
            exchange.reply(ResponseCode.NO_PERMISSION, SUPER_UPDATE_ONLY);
            return;
        }
        users.remove(username);
        users.persist();
        onDelete.accept(username);
        onChange.run();
        exchange.reply(ResponseCode.SUCCESS, null);
    }

    private void get(Exchange exchange, String username) {
        if (isBlank(username)) {
            exchange.reply(ResponseCode.INVALID_PARAMETER, USERNAME_BLANK);
            return;
        }
        User user = users.get(username);
        if (user == null) {
            exchange.reply(ResponseCode.SUCCESS, null);
            return;
        }
        exchange.replyJson(shown(user));
    }

    private void list(Exchange exchange, String filter) {
        ArrayNode shown = JsonNodeFactory.instance.arrayNode();
        for (User user : users.all()) {
            if (isBlank(filter) || user.username().contains(filter)) {
                shown.add(shown(user));
            }
        }
        if (shown.isEmpty()) {
            exchange.reply(ResponseCode.SUCCESS, null);
            return;
        }
        exchange.replyJson(shown);
    }

    /** RocketMQ's UserInfo without the password. */
    private static ObjectNode shown(User user) {
        ObjectNode node = JsonNodeFactory.instance.objectNode();
        node.put("userStatus", user.status().label());
        node.put("userType", user.type().label());
        node.put("username", user.username());
        return node;
    }

    /**
     * True when the request was signed by a super user, or carries no access key at all (authentication is off:
     * RocketMQ lets such a request manage super users too).
     */
    private boolean byAdmin(Exchange exchange) {
        String accessKey = exchange.request().ext().get(SignedContent.ACCESS_KEY);
        if (accessKey == null || accessKey.isEmpty()) {
            return true;
        }
        User caller = users.get(accessKey);
        return caller != null && caller.isSuper();
    }

    /** The body as a JSON object, or null after answering INVALID_PARAMETER when it is not one. */
    private static JsonNode userInfo(Exchange exchange) {
        ByteBuf body = exchange.body();
        try {
            JsonNode node = body == null || !body.isReadable() ? null : JSON.readTree(ByteBufUtil.getBytes(body));
            if (node != null && node.isObject()) {
                return node;
            }
        } catch (IOException e) {
            // answered below; the parser's message would quote the body, password included
        }
        exchange.reply(ResponseCode.INVALID_PARAMETER, "The body is not a UserInfo JSON object");
        return null;
    }

    private static String text(JsonNode info, String field) {
        JsonNode value = info.get(field);
        return value == null || value.isNull() ? null : value.asText();
    }

    private static boolean isBlank(String text) {
        return text == null || text.isBlank();
    }
}
