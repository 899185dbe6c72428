#!/usr/bin/env python3
"""What grpcurl does, from Python with no .proto file: asks each server's reflection service
(grpc.reflection.v1) what it exposes, loads every service's descriptors from it, and calls health's
Check through messages built from those descriptors alone.

    pip install grpcio-reflection
    python3 scripts/python-client/reflection_client.py HOST:PORT [HOST:PORT …]
"""
import sys

import grpc
from google.protobuf import descriptor_pool, message_factory
from grpc_reflection.v1alpha.proto_reflection_descriptor_database import ProtoReflectionDescriptorDatabase


def inspect(address):
    with grpc.insecure_channel(address) as channel:
        database = ProtoReflectionDescriptorDatabase(channel)
        services = list(database.get_services())
        roam = [name for name in services if name.startswith("roam.") and not name.startswith("roam.purge.")]
        assert roam, f"{address} lists no Roam service: {services}"
        assert "grpc.health.v1.Health" in services and "grpc.reflection.v1.ServerReflection" in services, services
        pool = descriptor_pool.DescriptorPool(database)
        methods = 0
        for name in services:
            service = pool.FindServiceByName(name)
            for method in service.methods:
                # Each method's messages resolve from what reflection sent.
                message_factory.GetMessageClass(method.input_type)
                message_factory.GetMessageClass(method.output_type)
                methods += 1
        check = pool.FindMethodByName("grpc.health.v1.Health.Check")
        request_class = message_factory.GetMessageClass(check.input_type)
        response_class = message_factory.GetMessageClass(check.output_type)
        call = channel.unary_unary("/grpc.health.v1.Health/Check", request_serializer=lambda m: m.SerializeToString(),
                                   response_deserializer=response_class.FromString)
        answer = call(request_class(service=roam[0]), timeout=10)
        status = check.output_type.fields_by_name["status"].enum_type.values_by_number[answer.status].name
        assert status == "SERVING", f"{roam[0]} at {address} is {status}"
        print(f"{address}: {', '.join(roam)}: {methods} methods described, {roam[0]} is {status}")


def main():
    addresses = sys.argv[1:] or ["127.0.0.1:50051"]
    for address in addresses:
        inspect(address)


if __name__ == "__main__":
    main()
