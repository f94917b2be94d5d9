package io.apogee.broker.auth.authorization;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.apogee.broker.request.Exchange;
import io.apogee.broker.request.Processor;
import io.apogee.store.file.StoreIoException;
import io.apogee.wire.code.RequestCode;
import io.apogee.wire.code.ResponseCode;
import io.apogee.wire.frame.ExtFields;
import io.netty.buffer.ByteBufInputStream;
import java.io.IOException;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The ACL admin codes, with RocketMQ's headers and {@code AclInfo} JSON bodies: AUTH_CREATE_ACL (3006) and
 * AUTH_UPDATE_ACL (3007) take a {@code subject} header and an AclInfo body; AUTH_DELETE_ACL (3008) takes
 * {@code subject}, {@code policyType} and {@code resource}; AUTH_GET_ACL (3009) takes {@code subject} and answers an
 * AclInfo (no body when the user has no ACL); AUTH_LIST_ACL (3010) takes {@code subjectFilter} and
 * {@code resourceFilter} and answers a list of AclInfo (no body when none). A refusal is NO_PERMISSION with RocketMQ's
 * message; a disk failure is SYSTEM_ERROR.
 *
 * <p>Runs on the admin executor thread.
 */
public final class AclAdminProcessor implements Processor {
    /** The codes handled. */
    public static final int[] CODES = {RequestCode.AUTH_CREATE_ACL, RequestCode.AUTH_UPDATE_ACL,
        RequestCode.AUTH_DELETE_ACL, RequestCode.AUTH_GET_ACL, RequestCode.AUTH_LIST_ACL};
    private static final Logger LOG = LoggerFactory.getLogger(AclAdminProcessor.class);
    private static final String SYSTEM_ERROR = "An system error occurred, please try again later.";

    private final AclAdmin admin;
    private final ObjectMapper json = new ObjectMapper();

    /** Answers from {@code admin}. */
    public AclAdminProcessor(AclAdmin admin) {
        this.admin = admin;
    }

    @Override
    public void process(Exchange exchange) {
        ExtFields ext = exchange.request().ext();
        try {
            switch (exchange.request().code()) {
                case RequestCode.AUTH_CREATE_ACL, RequestCode.AUTH_UPDATE_ACL -> {
                    JsonNode body = readBody(exchange);
                    if (body == null || !body.path(AclJson.POLICIES).isArray() || body.path(AclJson.POLICIES).isEmpty()) {
                        exchange.reply(ResponseCode.SYSTEM_ERROR, "The body of acl is null");
                        return;
                    }
                    admin.write(AclJson.read(body, ext.get("subject")));
                    exchange.reply(ResponseCode.SUCCESS, null);
                }
                case RequestCode.AUTH_DELETE_ACL -> {
                    admin.delete(ext.get("subject"), PolicyType.byName(ext.get("policyType")),
                        Resource.parse(ext.get("resource")));
                    exchange.reply(ResponseCode.SUCCESS, null);
                }
                case RequestCode.AUTH_GET_ACL -> {
                    Acl acl = admin.get(ext.get("subject"));
                    if (acl == null) {
                        exchange.reply(ResponseCode.SUCCESS, null);
                    } else {
                        exchange.replyJson(AclJson.write(acl));
                    }
                }
                default -> list(exchange, admin.list(ext.get("subjectFilter"), ext.get("resourceFilter")));
            }
        } catch (AclRejected e) {
            exchange.reply(ResponseCode.NO_PERMISSION, e.getMessage());
        } catch (StoreIoException e) {
            LOG.error("could not write the ACLs", e);
            exchange.reply(ResponseCode.SYSTEM_ERROR, SYSTEM_ERROR);
        }
    }

    private static void list(Exchange exchange, List<Acl> acls) {
        if (acls.isEmpty()) {
            exchange.reply(ResponseCode.SUCCESS, null);
            return;
        }
        ArrayNode list = JsonNodeFactory.instance.arrayNode();
        acls.forEach(acl -> list.add(AclJson.write(acl)));
        exchange.replyJson(list);
    }

    /** The body as JSON, or null when there is none or it is not JSON (RocketMQ decodes such a body to null). */
    private JsonNode readBody(Exchange exchange) {
        if (exchange.body() == null || !exchange.body().isReadable()) {
            return null;
        }
        try {
            return json.readTree(new ByteBufInputStream(exchange.body().duplicate()));
        } catch (IOException e) {
            return null;
        }
    }
}
